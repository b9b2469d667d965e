import { and, eq } from "drizzle-orm";
import type { ItemDoc, ItemFields, ItemPatch, ItemStatus } from "../../protocol/api";
import { type Database, newId } from "./database";
import { type ItemRow, items } from "./schema";

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
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
  };
}

function columnsOf(fields: ItemPatch): Partial<ItemRow> {
  const { tags, photos, ...rest } = fields;
  const out: Partial<ItemRow> = { ...rest };
  if (tags !== undefined) out.tags = JSON.stringify(tags);
  if (photos !== undefined) out.photos = JSON.stringify(photos);
  return out;
}

export async function listItems(db: Database, roomId: string): Promise<ItemRow[]> {
  return db.select().from(items).where(eq(items.roomId, roomId)).all();
}

export async function findItem(db: Database, roomId: string, id: string): Promise<ItemRow | null> {
  return (
    (await db
      .select()
      .from(items)
      .where(and(eq(items.roomId, roomId), eq(items.id, id)))
      .get()) ?? null
  );
}

export async function findItemBySku(db: Database, roomId: string, sku: string): Promise<ItemRow | null> {
  return (
    (await db
      .select()
      .from(items)
      .where(and(eq(items.roomId, roomId), eq(items.sku, sku)))
      .get()) ?? null
  );
}

export async function insertItem(
  db: Database,
  roomId: string,
  fields: ItemFields,
  id = newId(),
  now = Date.now(),
): Promise<ItemRow> {
  return db
    .insert(items)
    .values({
      ...(columnsOf(fields) as Omit<ItemRow, "id" | "roomId" | "createdAt" | "updatedAt">),
      id,
      roomId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

export async function updateItem(
  db: Database,
  roomId: string,
  id: string,
  patch: ItemPatch,
  now = Date.now(),
): Promise<ItemRow | null> {
  const row = await db
    .update(items)
    .set({ ...columnsOf(patch), updatedAt: now })
    .where(and(eq(items.roomId, roomId), eq(items.id, id)))
    .returning()
    .get();
  return row ?? null;
}

export async function deleteItem(db: Database, roomId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(items)
    .where(and(eq(items.roomId, roomId), eq(items.id, id)))
    .returning({ id: items.id })
    .all();
  return rows.length > 0;
}
