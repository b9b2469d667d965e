/**
 * The ledger invariant from outside (docs/stock.md): the room's backup (its
 * every table) is downloaded as its owner, and for every item × variant ×
 * location the stock the room keeps must be the sum of that place's
 * movements, and each product's quantity its variants' together. Browser
 * tests that touch stock end with it.
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { zipEntries } from "./zip-entries";

interface ExportedItem {
  id: string;
  title: string;
  quantity: number;
  stock: string;
  variants: string;
}

interface ExportedMovement {
  item_id: string;
  variant_id: string;
  location_id: string;
  quantity: number;
}

/** The room's tables as its backup has them, downloaded with the login of `page` (an owner or admin). */
export async function roomTables(page: Page, baseUrl: string): Promise<Record<string, unknown[]>> {
  const roomId = /\/rooms\/([A-Za-z0-9]+)/.exec(page.url())?.[1];
  const token = await page.evaluate(() => localStorage.getItem("stockroom.loginToken"));
  const response = await fetch(`${baseUrl}/api/rooms/${roomId}/export`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const json = zipEntries(new Uint8Array(await response.arrayBuffer())).get("room.json");
  return (JSON.parse(new TextDecoder().decode(json)) as { tables: Record<string, unknown[]> }).tables;
}

/** Checks the invariant for the room `page` has open; answers each item's stock by title, for the test's own checks. */
export async function expectLedgerAddsUp(page: Page, baseUrl: string): Promise<Map<string, Record<string, number>>> {
  const tables = await roomTables(page, baseUrl);
  const items = tables.items as ExportedItem[];
  const movements = tables.movements as ExportedMovement[];
  const byTitle = new Map<string, Record<string, number>>();
  const nonZero = (stock: Record<string, number>) =>
    Object.fromEntries(Object.entries(stock).filter(([, n]) => n !== 0));
  for (const item of items) {
    const listed = JSON.parse(item.variants) as { _id: string; stock: Record<string, number> }[];
    const variants =
      listed.length > 0 ? listed : [{ _id: item.id, stock: JSON.parse(item.stock) as Record<string, number> }];
    let total = 0;
    for (const variant of variants) {
      const sums: Record<string, number> = {};
      for (const movement of movements) {
        if (movement.item_id !== item.id || (movement.variant_id || item.id) !== variant._id) continue;
        sums[movement.location_id] = (sums[movement.location_id] ?? 0) + movement.quantity;
      }
      expect(nonZero(variant.stock), `${item.title} (${variant._id})`).toEqual(nonZero(sums));
      total += Object.values(variant.stock).reduce((a, b) => a + b, 0);
    }
    expect(item.quantity, `${item.title}: its quantity is its variants' stock together`).toBe(total);
    byTitle.set(item.title, JSON.parse(item.stock) as Record<string, number>);
  }
  return byTitle;
}
