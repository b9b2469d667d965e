/**
 * The print station (docs/printing.md): its methods and publications. Those
 * who edit the catalogue set the queue up, keep the station (its labels'
 * links publish items' share pages, which only they may do) and take jobs
 * off; everyone in the room sees the queue and the banner, live.
 */
import { COLLECTION, can, METHOD, PUBLICATION, type RoomRole } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { defineMethod } from "../contract";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { markPrinted, queueAgain, queueRows, skipJob, takeBatch, toJobDoc } from "./print-jobs";
import { writePrintSettings } from "./print-settings";
import {
  announceStation,
  announceStationSoon,
  assertStation,
  attend,
  claim,
  leave,
  release,
  releaseIfBy,
  stationDoc,
} from "./print-station";

export function registerPrinting(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.PRINT_SETTINGS, {
    run: async (ctx, settings) => {
      await requireRole(ctx, can.shareItems);
      writePrintSettings(ctx.host.roomDb, settings, ctx.host.now());
      announceStation(ctx.host);
    },
  });
  defineMethod(registry, METHOD.PRINT_CLAIM, {
    run: async (ctx, stationId, name) => {
      await requireRole(ctx, can.shareItems);
      const userId = ctx.userId as string;
      const member = (await ctx.host.members()).find((each) => each._id === userId);
      const by = member?.name || member?.email || "A member";
      claim(ctx.host, { id: stationId, name, userId, by, since: ctx.host.now() });
    },
  });
  defineMethod(registry, METHOD.PRINT_RELEASE, {
    run: async (ctx, stationId) => {
      await requireRole(ctx, can.shareItems);
      release(ctx.host, stationId);
    },
  });
  defineMethod(registry, METHOD.PRINT_TAKE, {
    run: async (ctx, stationId) => {
      await requireRole(ctx, can.shareItems);
      assertStation(ctx.host, stationId);
      return takeBatch(ctx.host, stationId);
    },
  });
  defineMethod(registry, METHOD.PRINT_DONE, {
    run: async (ctx, stationId, ids) => {
      await requireRole(ctx, can.shareItems);
      return { printed: markPrinted(ctx.host, ctx.userId as string, stationId, ids) };
    },
  });
  defineMethod(registry, METHOD.PRINT_SKIP, {
    run: async (ctx, id) => {
      await requireRole(ctx, can.shareItems);
      skipJob(ctx.host, ctx.userId as string, id);
    },
  });
  defineMethod(registry, METHOD.PRINT_AGAIN, {
    run: async (ctx, id) => {
      await requireRole(ctx, can.shareItems);
      return queueAgain(ctx.host, ctx.userId as string, id);
    },
  });

  // The banner's figures follow the queue.
  registry.react((host, change) => {
    if (change.collection === COLLECTION.PRINT_JOBS) announceStationSoon(host);
    // Someone removed, or made a role that keeps no station, stops being the station at once.
    if (
      change.collection === COLLECTION.MEMBERS &&
      (change.doc === null || !can.shareItems(change.doc.role as RoomRole))
    ) {
      releaseIfBy(host, change.id);
    }
  });

  registry.publish(PUBLICATION.PRINT_STATION, {
    args: PUBLICATION_ARGS[PUBLICATION.PRINT_STATION],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.PRINT_STATION,
        key: "station",
        fetch: async () => [asDoc(stationDoc(ctx.host))],
        matches: () => true,
      } as const;
    },
  });

  registry.publish(PUBLICATION.PRINT_QUEUE, {
    args: PUBLICATION_ARGS[PUBLICATION.PRINT_QUEUE],
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.PRINT_JOBS,
        key: "queue",
        fetch: async () => queueRows(ctx.host).map((row) => asDoc(toJobDoc(row))),
        matches: () => true,
      } as const;
    },
  });

  registry.publish(PUBLICATION.PRINT_ATTEND, {
    args: PUBLICATION_ARGS[PUBLICATION.PRINT_ATTEND],
    run: async (ctx, stationId) => {
      await requireRole(ctx, can.shareItems);
      attend(ctx.host, stationId);
      ctx.onStop(() => leave(ctx.host, stationId));
      return undefined;
    },
  });
}
