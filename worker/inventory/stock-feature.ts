/**
 * Stock by location and the movement ledger, registered with the live layer
 * (docs/architecture.md §9): `stock.adjust`, `stock.transfer` and `stock.undo`, and
 * a product's variants, for whoever edits the catalogue, locations for owners and admins, and the
 * `locations` and `stock.ledger` publications for every member.
 */

import {
  COLLECTION,
  can,
  inLedger,
  METHOD,
  PUBLICATION,
  RECEIVE_LIMIT_BELOW_MEMBER,
  type RoomRole,
  reasonsFor,
} from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import { defineMethod } from "../contract";
import { setLowStockEmails } from "../db/directory/memberships-repo";
import { listLocations, toLocationDoc } from "../db/room/locations-repo";
import { listMovements, toMovementDoc } from "../db/room/movements-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import { announce, memberDoc } from "../rooms/members-feature";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";
import { registerBulkKind } from "./bulk-jobs";
import { importPart } from "./catalogue-import";
import { importKind, runStagedImport, stageImport } from "./import-job";
import { addLocation, archiveLocation, renameLocation } from "./locations-service";
import { chooseDigestZone, DEFAULT_DIGEST_ZONE, keepDigestScheduled } from "./low-stock-digest";
import { adjustStock, receiveByCode, transferStock, undoMovement } from "./stock-service";
import { setVariants, updateVariant } from "./variants-service";

/** What a role below member is told when it asks for more than it may. */
function roleRefusal(role: RoomRole | null): string {
  return role === "cashier"
    ? "As a cashier you can record sales, returns and stock received, nothing else"
    : "As a counter you can record stock received, nothing else";
}

/** A role below member receives at most RECEIVE_LIMIT_BELOW_MEMBER units in one call. */
export function assertWithinReceiveLimit(role: RoomRole | null, units: number): void {
  if (!can.editItems(role) && units > RECEIVE_LIMIT_BELOW_MEMBER) {
    throw new LiveError(
      403,
      `At most ${RECEIVE_LIMIT_BELOW_MEMBER} units at once as a ${role}: a member of the room can record more`,
    );
  }
}

export function registerStock(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.STOCK_ADJUST, {
    run: async (ctx, input) => {
      // A cashier sells, takes returns and receives; a counter receives; both within a per-call limit.
      const role = await requireRole(ctx, can.receive);
      if (!can.editItems(role)) {
        if (!reasonsFor(role).includes(input.reason)) throw new LiveError(403, roleRefusal(role));
        assertWithinReceiveLimit(role, Math.abs(input.quantity));
        // A receipt's cost sets the variant's cost and average: the catalogue's figures, not theirs.
        if (input.costCents !== null) {
          throw new LiveError(403, "A cost is set by a member of the room: record the receipt without one");
        }
      }
      return adjustStock(ctx.host, ctx.userId as string, input);
    },
  });
  defineMethod(registry, METHOD.STOCK_RECEIVE, {
    run: async (ctx, code, locationId, quantity) => {
      const role = await requireRole(ctx, can.receive);
      assertWithinReceiveLimit(role, quantity);
      return receiveByCode(ctx.host, ctx.userId as string, code, locationId, quantity);
    },
  });
  defineMethod(registry, METHOD.STOCK_TRANSFER, {
    run: async (ctx, input) => {
      await requireRole(ctx, can.editItems);
      return transferStock(ctx.host, ctx.userId as string, input);
    },
  });
  defineMethod(registry, METHOD.STOCK_UNDO, {
    run: async (ctx, movementId) => {
      // A cashier takes back their own sale or receipt, never someone else's movement.
      const role = await requireRole(ctx, can.sell);
      return undoMovement(ctx.host, ctx.userId as string, movementId, can.editItems(role) ? null : ctx.userId);
    },
  });
  defineMethod(registry, METHOD.ITEMS_SET_VARIANTS, {
    run: async (ctx, itemId, set) => {
      await requireRole(ctx, can.editItems);
      return setVariants(ctx.host, ctx.userId as string, itemId, set, ctx.randomSeed);
    },
  });
  defineMethod(registry, METHOD.ITEMS_UPDATE_VARIANT, {
    run: async (ctx, itemId, variantId, patch) => {
      await requireRole(ctx, can.editItems);
      // What happened meanwhile, when a typed total had changed since it was seen (else null).
      return updateVariant(ctx.host, ctx.userId as string, itemId, variantId, patch);
    },
  });
  defineMethod(registry, METHOD.ITEMS_IMPORT, {
    run: async (ctx, part) => {
      await requireRole(ctx, can.editItems);
      const currency = (await roomRecord(ctx.host))?.currency;
      return importPart(ctx.host, ctx.userId as string, part, currency);
    },
  });
  registerBulkKind("import", importKind(false));
  registerBulkKind("import-check", importKind(true));
  defineMethod(registry, METHOD.ITEMS_IMPORT_STAGE, {
    run: async (ctx, stage) => {
      await requireRole(ctx, can.editItems);
      return stageImport(ctx.host, ctx.userId as string, stage);
    },
  });
  defineMethod(registry, METHOD.ITEMS_IMPORT_RUN, {
    run: async (ctx, run) => {
      await requireRole(ctx, can.editItems);
      const currency = (await roomRecord(ctx.host))?.currency;
      return runStagedImport(ctx.host, ctx.userId as string, run, currency);
    },
  });
  defineMethod(registry, METHOD.LOCATIONS_ADD, {
    run: async (ctx, name) => {
      await requireRole(ctx, can.manageLocations);
      return addLocation(ctx.host, name);
    },
  });
  defineMethod(registry, METHOD.LOCATIONS_RENAME, {
    run: async (ctx, id, name) => {
      await requireRole(ctx, can.manageLocations);
      return renameLocation(ctx.host, id, name);
    },
  });
  defineMethod(registry, METHOD.LOCATIONS_ARCHIVE, {
    run: async (ctx, id, archived) => {
      await requireRole(ctx, can.manageLocations);
      return archiveLocation(ctx.host, id, archived);
    },
  });

  defineMethod(registry, METHOD.MEMBERS_SET_LOW_STOCK_EMAILS, {
    run: async (ctx, on, timeZone) => {
      await requireRole(ctx);
      // Only ever the caller's own row: nobody signs someone else up for e-mail.
      const userId = ctx.userId as string;
      const before = await memberDoc(ctx.host, userId);
      // Sent at 07:00 where they are: their browser's time zone, kept in the room.
      chooseDigestZone(ctx.host, userId, on ? (timeZone ?? DEFAULT_DIGEST_ZONE) : null);
      await setLowStockEmails(ctx.host.db, ctx.host.roomId, userId, on);
      await announce(ctx.host, userId, before);
      if (on) await keepDigestScheduled(ctx.host);
      return null;
    },
  });

  registry.publish(PUBLICATION.LOCATIONS, {
    args: PUBLICATION_ARGS[PUBLICATION.LOCATIONS],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.LOCATIONS,
        key: "all",
        fetch: async () => listLocations(ctx.host.roomDb).map((row) => asDoc(toLocationDoc(row))),
        matches: () => true,
      } as const;
    },
  });
  registry.publish(PUBLICATION.LEDGER, {
    args: PUBLICATION_ARGS[PUBLICATION.LEDGER],
    run: async (ctx, query) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.MOVEMENTS,
        key: JSON.stringify(query),
        fetch: async () => listMovements(ctx.host.roomDb, query).map((row) => asDoc(toMovementDoc(row))),
        matches: (doc) => inLedger(query, doc),
      } as const;
    },
  });
}
