/**
 * A person's own stock changes (docs/architecture.md §9): one reason at one location,
 * a transfer between two, and the undo of either. Each is one write turn,
 * checked here and written by the write pipeline (item-pipeline.ts): the
 * movements, the item's running figures and (when its total changes) its
 * history entry commit together, then are announced.
 */
import {
  ADJUST_REASONS,
  MOVEMENT_REASON_LABELS,
  stockWith,
  TILL_REASONS,
  type VariantDoc,
  variantName,
} from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import type { StockAdjust, StockTransfer } from "../../protocol/stock-args";
import { newId } from "../db/directory/database";
import { findLocation } from "../db/room/locations-repo";
import { movementWithGroup, type ReadMovement } from "../db/room/movements-repo";
import type { ItemRow } from "../db/room/room-schema";
import type { LabelsAsked } from "../printing/print-jobs";
import type { RoomHost } from "../rooms/room-host";
import { targetForCode, unknownCode } from "./item-for-code";
import { writeItems } from "./item-pipeline";
import { itemHere, made } from "./item-writes";
import { stockOnlyChange } from "./stock-change";
import { type StockChange, stockMoves, stockOfVariant, variantsOfRow } from "./stock-moves";

/** The note of a receipt accepted against a purchase order (worker/buying/receiving.ts). */
export const ORDER_RECEIPT_NOTE = "Purchase order";

/** A location stock may go to or come from: this room's, and not archived. */
function openLocation(host: RoomHost, locationId: string): string {
  const location = findLocation(host.roomDb, locationId);
  if (!location) throw new LiveError(404, "That location does not exist in this room");
  if (location.archivedAt !== null) throw new LiveError(409, `${location.name} is archived`);
  return location.name;
}

function locationName(host: RoomHost, locationId: string): string {
  return findLocation(host.roomDb, locationId)?.name ?? "that location";
}

/** The variant a call names (the item's own id, or none, for a product without options), checked. */
function variantHere(item: ItemRow, variantId: string | undefined): VariantDoc {
  const variant = variantsOfRow(item).find((each) => each._id === (variantId ?? item.id));
  if (variant) return variant;
  throw new LiveError(404, item.variants === "[]" ? "That variant does not exist" : "Choose which variant");
}

/**
 * No location below zero: what a change would take is refused in words —
 * except a sale, which is never lost (docs/stock.md): the money was taken,
 * so it is recorded and the count goes below zero, for a count to set right.
 */
function assertCovered(host: RoomHost, item: ItemRow, changes: readonly StockChange[]): void {
  const stocks = new Map(variantsOfRow(item).map((variant) => [variant._id, variant]));
  for (const change of changes) {
    const variant = stocks.get(change.variantId ?? item.id);
    if (!variant) throw new LiveError(404, "That variant does not exist");
    const before = variant.stock[change.locationId] ?? 0;
    const stock = stockWith(variant.stock, change.locationId, change.delta);
    stocks.set(variant._id, { ...variant, stock });
    if ((stock[change.locationId] ?? 0) < 0 && change.reason !== "sold") {
      const name = variant.values.length ? `${item.title} — ${variantName(variant)}` : item.title;
      throw new LiveError(
        409,
        `Only ${before} of “${name}” at ${locationName(host, change.locationId)}: that would take it below zero`,
      );
    }
  }
}

/** Writes `changes` to `item` through the write pipeline; answers the new movements' ids. */
function writeChanges(
  host: RoomHost,
  actor: string,
  item: ItemRow,
  changes: readonly StockChange[],
  options: {
    group?: string;
    undoes?: readonly (string | null)[];
    undone?: readonly ReadMovement[];
    /** A receipt's labels, for the print station (docs/printing.md). */
    labels?: LabelsAsked;
  } = {},
): string[] {
  assertCovered(host, item, changes);
  const at = host.now();
  const moves = stockMoves(item, changes, { ...made(host, actor, at), group: options.group, undoes: options.undoes });
  writeItems(host, {
    actor,
    at,
    items: [stockOnlyChange(host, actor, item, moves, "stock")],
    undone: options.undone,
    labels: options.labels,
  });
  return moves.rows.map((movement) => movement.id);
}

/** Records one change at one location; answers the movement's id. */
export function adjustStock(host: RoomHost, actor: string, input: StockAdjust): Promise<string> {
  return host.writes.run(async () => {
    const direction = ADJUST_REASONS[input.reason];
    const label = MOVEMENT_REASON_LABELS[input.reason];
    if (direction === "in" && input.quantity < 0)
      throw new LiveError(400, `${label} stock is added: enter a number above 0`);
    if (direction === "out" && input.quantity > 0)
      throw new LiveError(400, `${label} stock is taken away: enter a number below 0`);
    if (input.priceCents !== null && input.reason !== "sold" && input.reason !== "returned") {
      throw new LiveError(400, "A price goes with a sale or a return");
    }
    if (input.costCents !== null && input.reason !== "received") {
      throw new LiveError(400, "A cost goes with stock received");
    }
    const item = await itemHere(host, input.itemId);
    const variant = variantHere(item, input.variantId);
    openLocation(host, input.locationId);
    const title = variant.values.length ? `${item.title} — ${variantName(variant)}` : item.title;
    const [id] = writeChanges(
      host,
      actor,
      item,
      [
        {
          variantId: variant._id,
          locationId: input.locationId,
          delta: input.quantity,
          reason: input.reason,
          note: input.note,
          reference: input.reference,
          priceCents: input.priceCents,
          costCents: input.costCents,
        },
      ],
      input.reason === "received" ? { labels: { kind: "received", title } } : {},
    );
    return id as string;
  }, actor);
}

/**
 * Records units received of the item `code` names (a label, a barcode, a
 * SKU), as a handheld scanner or a camera reads a delivery; answers the item
 * and what the location holds now.
 */
export function receiveByCode(
  host: RoomHost,
  actor: string,
  code: string,
  locationId: string,
  quantity: number,
): Promise<{ itemId: string; variantId: string; title: string; held: number }> {
  return host.writes.run(async () => {
    const target = await targetForCode(host, code);
    if (!target) throw new LiveError(404, unknownCode(code, "No item of this room has that label, barcode or SKU"));
    const { item, variantId, variantName: name } = target;
    openLocation(host, locationId);
    const held = (stockOfVariant(item, variantId)[locationId] ?? 0) + quantity;
    const title = name ? `${item.title} — ${name}` : item.title;
    writeChanges(
      host,
      actor,
      item,
      [{ variantId, locationId, delta: quantity, reason: "received", note: "Received by scan" }],
      { labels: { kind: "received", title } },
    );
    return { itemId: item.id, variantId, title, held };
  }, actor);
}

/** Moves units from one location to another (two movements, one group); answers the group's id. */
export function transferStock(host: RoomHost, actor: string, input: StockTransfer): Promise<string> {
  return host.writes.run(async () => {
    if (input.from === input.to) throw new LiveError(400, "Choose two different locations");
    const item = await itemHere(host, input.itemId);
    const variantId = variantHere(item, input.variantId)._id;
    if (!findLocation(host.roomDb, input.from)) throw new LiveError(404, "That location does not exist in this room");
    const to = openLocation(host, input.to);
    const group = newId();
    const note = input.note;
    writeChanges(
      host,
      actor,
      item,
      [
        { variantId, locationId: input.from, delta: -input.quantity, reason: "transfer", note, reference: `to ${to}` },
        {
          variantId,
          locationId: input.to,
          delta: input.quantity,
          reason: "transfer",
          note,
          reference: `from ${locationName(host, input.from)}`,
        },
      ],
      { group },
    );
    return group;
  }, actor);
}

/**
 * Takes a movement back (a transfer as both halves), once; answers the new
 * movements' ids. `onlyBy`: the one person whose movements may be taken
 * back (a cashier's own), none for anyone's.
 */
export function undoMovement(
  host: RoomHost,
  actor: string,
  movementId: string,
  onlyBy: string | null = null,
): Promise<string[]> {
  return host.writes.run(async () => {
    const taken = movementWithGroup(host.roomDb, movementId);
    if (taken.length === 0) throw new LiveError(404, "That movement does not exist in this room");
    // A cashier's own: sales, returns and receipts they made, never a count they took part in.
    const own = (movement: (typeof taken)[number]) =>
      movement.userId === onlyBy && (TILL_REASONS as readonly string[]).includes(movement.reason);
    if (onlyBy !== null && !taken.every(own)) {
      throw new LiveError(403, "You can take back your own sales and receipts only");
    }
    if (taken.some((movement) => movement.undone)) throw new LiveError(409, "This change was already undone");
    if (taken.some((movement) => movement.undoes !== null)) throw new LiveError(409, "An undo cannot itself be undone");
    // A receipt against a purchase order is the order's too (docs/buying.md): taken back here, the
    // order would still say it came. A count or a change sets the stock right instead.
    const ordered = taken.find((movement) => movement.reason === "received" && movement.note === ORDER_RECEIPT_NOTE);
    if (ordered) {
      throw new LiveError(
        409,
        `This came in against ${ordered.reference}: set the stock right with a count or a change, so the order keeps what came`,
      );
    }
    const item = await itemHere(host, (taken[0] as (typeof taken)[number]).itemId);
    // Taking back stock that left a location brings it back there: not into one archived since.
    for (const movement of taken) {
      const location = findLocation(host.roomDb, movement.locationId);
      if (movement.quantity < 0 && location && location.archivedAt !== null) {
        throw new LiveError(409, `${location.name} is archived: bring it back in Settings → Locations first`);
      }
    }
    // Taken back in reverse, so a transfer's "in" is taken back before its "out" is returned.
    const backwards = [...taken].reverse();
    const ids = writeChanges(
      host,
      actor,
      item,
      backwards.map((movement) => ({
        variantId: movement.variantId,
        locationId: movement.locationId,
        delta: -movement.quantity,
        reason: movement.reason as StockChange["reason"],
        note: "Undo",
        reference: movement.reference,
        priceCents: movement.priceCents,
        // A receipt goes back at what it came at, and the average cost with it.
        costCents: movement.reason === "received" ? movement.costCents : undefined,
      })),
      // The ledgers showing what was taken back say so.
      { group: taken.length > 1 ? newId() : "", undoes: backwards.map((movement) => movement.id), undone: taken },
    );
    return ids;
  }, actor);
}
