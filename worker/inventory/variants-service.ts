/**
 * A product's options and variants (protocol/variants.ts, docs/architecture.md §9):
 * setting them, and editing one variant in place. Each is one write turn,
 * checked here and written by the write pipeline (item-pipeline.ts): the
 * product's row (its variants, and the totals that follow them), its
 * history entry and any stock movements commit together, then are announced.
 */
import {
  checkVariantEdit,
  lowestPrice,
  planVariants,
  type VariantDoc,
  type VariantSpec,
  variantName,
  variantsOf,
} from "../../protocol/api";
import type { QuantityMeanwhile } from "../../protocol/docs";
import { LiveError } from "../../protocol/errors";
import { RandomStream } from "../../protocol/random-stream";
import type { VariantPatch, VariantSet } from "../../protocol/variant-args";
import { toItemDoc } from "../db/room/items-repo";
import { findOpenLocation } from "../db/room/locations-repo";
import type { ItemRow } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import { writeItems } from "./item-pipeline";
import { assertCodesFree, historyEntry, itemHere, made } from "./item-writes";
import { countOverSeen, seenMeanwhile } from "./items-service";
import { countMoves, type StockChange, type StockMoves, stockMoves } from "./stock-moves";

/** The random stream a call's new variant ids come from (the client's stub makes the same ones). */
export const variantIds = (seed: string | undefined) => {
  const stream = new RandomStream(seed ?? crypto.randomUUID());
  return () => stream.id("variants");
};

/** Every SKU and barcode of these variants is free in the room (this product's own aside). */
async function assertVariantCodesFree(host: RoomHost, itemId: string, variants: readonly VariantDoc[]): Promise<void> {
  for (const variant of variants) {
    await assertCodesFree(host, { sku: variant.sku || undefined, barcode: variant.barcode || undefined }, itemId);
  }
}

/** Hands the product's new variants (and what follows them), its history entry and movements to the write pipeline. */
function writeProduct(
  host: RoomHost,
  actor: string,
  before: ItemRow,
  columns: Partial<ItemRow>,
  changes: Record<string, { from: unknown; to: unknown }>,
  moves: StockMoves | null,
): void {
  const at = host.now();
  const entry = historyEntry(host, before.id, actor, "updated", changes);
  const written = { ...columns, ...(moves ? { ...moves.columns, quantity: moves.quantity } : {}) };
  writeItems(host, {
    actor,
    at,
    items: [{ id: before.id, before, row: { update: {}, columns: written }, entry, moves }],
  });
}

/**
 * The corrections that set each variant's typed count at its location: the
 * count typed, or — when what was there changed since the person saw it —
 * the difference from what they saw (docs/stock.md).
 */
function countsAt(
  host: RoomHost,
  variants: readonly VariantDoc[],
  specs: VariantSet["variants"],
  note: string,
): StockChange[] {
  return specs.flatMap((spec, index): StockChange[] => {
    const variant = variants[index];
    if (!spec.count || !variant) return [];
    const { locationId, quantity, seen } = spec.count;
    if (!findOpenLocation(host.roomDb, locationId)) throw new LiveError(400, "Choose an open location of this room");
    const held = variant.stock[locationId] ?? 0;
    const target = countOverSeen(held, quantity, seen);
    return target === held
      ? []
      : [{ variantId: variant._id, locationId, delta: target - held, reason: "correction", note }];
  });
}

/** Sets a product's options and variants; answers the variants' ids, in order. */
export function setVariants(
  host: RoomHost,
  actor: string,
  itemId: string,
  set: VariantSet,
  seed: string | undefined,
): Promise<string[]> {
  return host.writes.run(() => setVariantsNow(host, actor, itemId, set, seed), actor);
}

/**
 * The same, for a caller that holds host.writes (the store's product
 * brought in, store-variants.ts); `note` names where typed counts came from.
 */
export async function setVariantsNow(
  host: RoomHost,
  actor: string,
  itemId: string,
  set: VariantSet,
  seed: string | undefined,
  note = "Counted",
): Promise<string[]> {
  const before = await itemHere(host, itemId);
  const doc = toItemDoc(before);
  const specs = set.variants.map(({ count: _count, ...spec }) => spec);
  const plan = planVariants(doc, set.options, specs as VariantSpec[], variantIds(seed));
  await assertVariantCodesFree(host, itemId, plan.variants);
  if (plan.variants.length === 0) await assertCodesFree(host, plan.own, itemId);
  const wasOptions = doc.options ?? [];
  const names = (variants: readonly VariantDoc[]) => variants.map(variantName).filter(Boolean);
  // Counts typed for variants at a location: corrections there, in the same write (docs/stock.md).
  const counted = countsAt(host, plan.variants, set.variants, note);
  const moves = counted.length
    ? stockMoves({ ...before, variants: JSON.stringify(plan.variants) }, counted, made(host, actor, host.now()))
    : null;
  const countChanges = Object.fromEntries(
    counted.map((change) => {
      const variant = plan.variants.find((each) => each._id === change.variantId) as VariantDoc;
      return [`${variantName(variant)}: quantity`, { from: variant.quantity, to: variant.quantity + change.delta }];
    }),
  );
  writeProduct(
    host,
    actor,
    before,
    {
      options: JSON.stringify(plan.options),
      variants: JSON.stringify(plan.variants),
      sku: plan.own.sku,
      barcode: plan.own.barcode,
      priceCents: plan.own.priceCents,
      reorderPoint: plan.own.reorderPoint,
      locationReorderPoints: JSON.stringify(plan.own.locationReorderPoints),
      costCents: plan.own.costCents,
      avgCostCents: plan.own.avgCostCents,
      supplierId: plan.own.supplierId,
      supplierSku: plan.own.supplierSku,
      compareAtCents: plan.own.compareAtCents,
      weightGrams: plan.own.weightGrams,
      // A product going back to one variant keeps that variant's stock as its own (the one with the
      // product's id: planVariants refuses while any other holds stock).
      ...(plan.variants.length === 0
        ? { stock: JSON.stringify(variantsOf(doc).find((variant) => variant._id === doc._id)?.stock ?? {}) }
        : {}),
    },
    {
      options: { from: wasOptions, to: plan.options },
      variants: { from: names(doc.variants ?? []), to: names(plan.variants) },
      ...countChanges,
    },
    moves,
  );
  return plan.variants.map((variant) => variant._id);
}

/** Edits one variant in place; a new count records a correction at its locations. */
export function updateVariant(
  host: RoomHost,
  actor: string,
  itemId: string,
  variantId: string,
  patch: VariantPatch,
): Promise<QuantityMeanwhile | null> {
  return host.writes.run(async () => {
    const before = await itemHere(host, itemId);
    const doc = toItemDoc(before);
    if (!doc.variants?.length) throw new LiveError(409, "This product has no variants: edit the item itself");
    const variant = doc.variants.find((each) => each._id === variantId);
    if (!variant) throw new LiveError(404, "That variant no longer exists");
    const { quantity: typed, quantityWas, ...fields } = patch;
    // A total typed over one that changed meanwhile records the difference from what was seen (docs/stock.md).
    const meanwhile = seenMeanwhile(before, typed, quantityWas, variant.quantity);
    const quantity = meanwhile ? meanwhile.now : typed;
    const next: VariantDoc = { ...variant, ...fields };
    checkVariantEdit(doc, next, fields.values !== undefined);
    await assertVariantCodesFree(host, itemId, [next]);
    const variants = doc.variants.map((each) => (each._id === variantId ? next : each));
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const [field, value] of Object.entries(fields)) {
      const was = variant[field as keyof VariantDoc];
      if (JSON.stringify(was) !== JSON.stringify(value))
        changes[`${variantName(variant)}: ${field}`] = { from: was, to: value };
    }
    const moves =
      quantity === undefined
        ? null
        : countMoves(
            host.roomDb,
            { ...before, variants: JSON.stringify(variants) },
            new Map([[variantId, quantity]]),
            made(host, actor, host.now()),
          );
    if (moves) changes[`${variantName(variant)}: quantity`] = { from: variant.quantity, to: quantity };
    if (Object.keys(changes).length === 0) return meanwhile;
    writeProduct(
      host,
      actor,
      before,
      { variants: JSON.stringify(variants), priceCents: lowestPrice(variants) },
      changes,
      moves,
    );
    return meanwhile;
  }, actor);
}
