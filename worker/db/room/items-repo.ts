import { and, asc, count, desc, eq, getTableColumns, gt, inArray, ne, type SQL, sql } from "drizzle-orm";
import { type ItemDoc, type ItemStatus, type VariantDoc, WEIGHT_UNITS, type WeightUnit } from "../../../protocol/api";
import type { ItemFields, ItemPatch } from "../../../protocol/args";
import { barcodeForms } from "../../../protocol/barcodes";
import { findItemRow, updateItemStatement } from "./item-statements";
import type { RoomDatabase } from "./room-database";
import { type ItemRow, items, variantCodes } from "./room-schema";

/** SQLite (D1 and a room's own) binds at most 100 values per statement; id lists are cut to this. */
export const IDS_PER_STATEMENT = 90;

export function toItemDoc(row: ItemRow): ItemDoc {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    sku: row.sku,
    priceCents: row.priceCents,
    currency: row.currency,
    quantity: row.quantity,
    status: row.status as ItemStatus,
    location: row.location,
    tags: JSON.parse(row.tags) as string[],
    photos: JSON.parse(row.photos) as string[],
    storeProductId: row.storeProductId,
    stock: JSON.parse(row.stock) as Record<string, number>,
    barcode: row.barcode,
    reorderPoint: row.reorderPoint,
    options: row.options === "[]" ? [] : (JSON.parse(row.options) as string[]),
    variants: row.variants === "[]" ? [] : (JSON.parse(row.variants) as VariantDoc[]),
    handle: row.handle,
    locationReorderPoints:
      row.locationReorderPoints === "{}" ? {} : (JSON.parse(row.locationReorderPoints) as Record<string, number>),
    costCents: row.costCents,
    avgCostCents: row.avgCostCents,
    supplierId: row.supplierId,
    supplierSku: row.supplierSku,
    compareAtCents: row.compareAtCents,
    weightGrams: row.weightGrams,
    weightUnit: (WEIGHT_UNITS as readonly string[]).includes(row.weightUnit) ? (row.weightUnit as WeightUnit) : "g",
    vendor: row.vendor,
    productType: row.productType,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    // Only once it has one: most items have never had a label printed.
    ...(row.shareCode ? { shareCode: row.shareCode } : {}),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

function columnsOf(fields: ItemPatch): Partial<ItemRow> {
  const { tags, photos, locationReorderPoints, ...rest } = fields;
  const out: Partial<ItemRow> = { ...rest };
  if (tags !== undefined) out.tags = JSON.stringify(tags);
  if (photos !== undefined) out.photos = JSON.stringify(photos);
  if (locationReorderPoints !== undefined) out.locationReorderPoints = JSON.stringify(locationReorderPoints);
  return out;
}

export function chunks<T>(list: readonly T[], size = IDS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export async function listItems(db: RoomDatabase, roomId: string): Promise<ItemRow[]> {
  return db.select().from(items).where(eq(items.roomId, roomId)).all();
}

/** The next `limit` items by id after `afterId` ("" for the first): how bulk jobs walk a room's items. */
export function itemsAfter(db: RoomDatabase, roomId: string, afterId: string, limit: number): ItemRow[] {
  return db
    .select()
    .from(items)
    .where(and(eq(items.roomId, roomId), gt(items.id, afterId)))
    .orderBy(asc(items.id))
    .limit(limit)
    .all();
}

/** The item whose label's short code this is (by its partial unique index: the `<> ''` lets SQLite use it). */
export function findItemByShareCode(db: RoomDatabase, roomId: string, code: string): ItemRow | null {
  return (
    db
      .select()
      .from(items)
      .where(and(eq(items.shareCode, code), ne(items.shareCode, ""), eq(items.roomId, roomId)))
      .get() ?? null
  );
}

/** How many items the room has. */
export function countItems(db: RoomDatabase, roomId: string): number {
  return db.select({ n: count() }).from(items).where(eq(items.roomId, roomId)).get()?.n ?? 0;
}

/** Whether the room has more than `limit` items (reads at most `limit` + 1 index entries, not the whole room). */
export function hasMoreItemsThan(db: RoomDatabase, roomId: string, limit: number): boolean {
  return (
    db.select({ id: items.id }).from(items).where(eq(items.roomId, roomId)).limit(1).offset(limit).get() !== undefined
  );
}

/** The room's newest items: the catalogue's first screenful in its default order. */
export async function listNewestItems(db: RoomDatabase, roomId: string, limit: number): Promise<ItemRow[]> {
  return db.select().from(items).where(eq(items.roomId, roomId)).orderBy(desc(items.createdAt)).limit(limit).all();
}

export async function findItem(db: RoomDatabase, roomId: string, id: string): Promise<ItemRow | null> {
  return findItemRow(db, roomId, id);
}

/** The room's items with these ids (missing ones are simply absent). */
export async function findItems(db: RoomDatabase, roomId: string, ids: readonly string[]): Promise<ItemRow[]> {
  const found = await Promise.all(
    chunks(ids).map((part) =>
      db
        .select()
        .from(items)
        .where(and(eq(items.roomId, roomId), inArray(items.id, part)))
        .all(),
    ),
  );
  return found.flat();
}

/** The item whose own SKU this is, as typed (`<> ''` written out so the partial unique index applies). */
export function findItemBySku(db: RoomDatabase, roomId: string, sku: string): ItemRow | null {
  return (
    db
      .select()
      .from(items)
      .where(and(eq(items.roomId, roomId), eq(items.sku, sku), sql`${items.sku} <> ''`))
      .get() ?? null
  );
}

/**
 * The item carrying this barcode (one at most: a unique index,
 * room/migrations/0007). `barcode <> ''` is written out so SQLite can use
 * that partial index.
 */
export function findItemByBarcode(db: RoomDatabase, roomId: string, barcode: string): ItemRow | null {
  return (
    db
      .select()
      .from(items)
      .where(and(eq(items.roomId, roomId), inArray(items.barcode, barcodeForms(barcode)), sql`${items.barcode} <> ''`))
      .get() ?? null
  );
}

/** What an item id can look like: a code of any other shape is never looked up as one. */
const ITEM_ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The item a typed or scanned code names, in one statement: the SKU as
 * typed, else the SKU in any case (SKUs are unique as typed; when several
 * differ only in case, the oldest item), else the product barcode, else an
 * item whose id it is. A
 * stocktake scan runs this inside the room's write queue, so it is one
 * round trip whatever matches. SQLite's lower() folds ASCII letters only,
 * as SKUs are written; the browser's stub folds the same way for those.
 *
 * `sku <> ''` is written out, not bound, so SQLite can prove the partial
 * index `items_room_sku_lower_idx` applies; the id is a second SELECT
 * (UNION ALL) rather than an OR, so each part keeps its own index even
 * where D1 has no planner statistics (an OR then scans the whole room).
 */
export async function findItemByCode(db: RoomDatabase, roomId: string, code: string): Promise<ItemRow | null> {
  // 0: the SKU as typed, 1: in another case, 2: the barcode, 3: the id.
  const ranked = (preference: SQL, where: SQL | undefined) =>
    db
      .select({ ...getTableColumns(items), preference: preference.as("preference") })
      .from(items)
      .where(where)
      .$dynamic();
  const bySku = ranked(
    sql`(${items.sku} <> ${code})`,
    and(eq(items.roomId, roomId), sql`${items.sku} <> ''`, sql`lower(${items.sku}) = lower(${code})`),
  );
  const byBarcode = ranked(
    sql`2`,
    and(eq(items.roomId, roomId), sql`${items.barcode} <> ''`, inArray(items.barcode, barcodeForms(code))),
  );
  const candidates = ITEM_ID_SHAPE.test(code)
    ? bySku.unionAll(byBarcode).unionAll(ranked(sql`3`, and(eq(items.roomId, roomId), eq(items.id, code))))
    : bySku.unionAll(byBarcode);
  const found = await candidates.orderBy(sql`"preference"`, sql`"created_at"`).limit(1).get();
  if (!found) return null;
  const { preference: _preference, ...row } = found;
  return row;
}

/** The variant whose SKU or barcode (in any of its forms, any case) is `code`: variant_codes keeps them. */
export function findVariantByCode(db: RoomDatabase, code: string): { itemId: string; variantId: string } | null {
  const forms = [...new Set([code, ...barcodeForms(code)].map((form) => form.toLowerCase()))];
  return (
    db
      .select({ itemId: variantCodes.itemId, variantId: variantCodes.variantId })
      .from(variantCodes)
      .where(inArray(variantCodes.code, forms))
      .limit(1)
      .get() ?? null
  );
}

export async function findItemByStoreProduct(
  db: RoomDatabase,
  roomId: string,
  productId: string,
): Promise<ItemRow | null> {
  return (
    (await db
      .select()
      .from(items)
      .where(and(eq(items.roomId, roomId), eq(items.storeProductId, productId), sql`${items.storeProductId} <> ''`))
      .get()) ?? null
  );
}

/** Items linked to a store product. */
export async function findLinkedItems(db: RoomDatabase, roomId: string): Promise<ItemRow[]> {
  return db
    .select()
    .from(items)
    .where(and(eq(items.roomId, roomId), ne(items.storeProductId, "")))
    .all();
}

/** The insert, to run in a batch with its history entry. */
export function insertItemQuery(
  db: RoomDatabase,
  roomId: string,
  fields: ItemFields,
  options: { id: string; createdBy: string; now: number; stock?: string; server?: Partial<ItemRow> },
) {
  return db
    .insert(items)
    .values({
      ...(columnsOf(fields) as Omit<ItemRow, "id" | "roomId" | "createdAt" | "updatedAt" | "createdBy" | "updatedBy">),
      ...(options.stock ? { stock: options.stock } : {}),
      ...options.server,
      id: options.id,
      roomId,
      createdBy: options.createdBy,
      updatedBy: options.createdBy,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .returning();
}

/** The update of one item read in this same write turn (`before`), answering how many rows it wrote. */
export function updateItemQuery(
  db: RoomDatabase,
  before: ItemRow,
  patch: ItemPatch,
  change: { at: number; by: string },
  server: Partial<ItemRow> = {},
) {
  return updateItemStatement(db, before, {
    ...columnsOf(patch),
    ...server,
    updatedAt: change.at,
    updatedBy: change.by,
  });
}

export function deleteItemQuery(db: RoomDatabase, roomId: string, id: string) {
  return db
    .delete(items)
    .where(and(eq(items.roomId, roomId), eq(items.id, id)))
    .returning({ id: items.id });
}
