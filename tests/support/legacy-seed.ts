/**
 * Rooms as the previous release left them, for benchmarks and browser tests
 * that need thousands of items fast: rows written into D1's shared tables
 * through wrangler (the room moves them into its own storage on its first
 * wake: worker/db/room/room-upgrade.ts).
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";

export interface LegacyItem {
  title: string;
  sku?: string;
  priceCents?: number;
  quantity?: number;
  tags?: string[];
  createdAt?: number;
}

/**
 * Puts `count` items into the room as the previous release kept them — in
 * D1's shared rows (a SQL file through wrangler, in batches of 500), the
 * room marked as not yet moved — so setting up thousands of items takes
 * seconds: the room moves them into its own storage when it first wakes
 * (worker/db/room/room-upgrade.ts). So seed a room before anything opens it.
 * Everything measured still goes through the app. `item(i)` gives each
 * one's fields; ids are `<roomId>-<i>`.
 */
export function seedItems(stateDir: string, roomId: string, count: number, item: (i: number) => LegacyItem): string[] {
  const quote = (text: unknown) => `'${String(text).replaceAll("'", "''")}'`;
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const { title, sku, priceCents = 100, quantity = 1, tags = [], createdAt = Date.now() } = item(i);
    rows.push(
      `(${quote(`${roomId}-${i}`)}, ${quote(roomId)}, ${quote(title)}, ${quote(sku)}, ${priceCents}, ${quantity}, 'draft', ${quote(JSON.stringify(tags))}, ${createdAt}, ${createdAt})`,
    );
  }
  const sql: string[] = [];
  for (let i = 0; i < rows.length; i += 500)
    sql.push(
      `INSERT INTO items (id, room_id, title, sku, price_cents, quantity, status, tags, created_at, updated_at) VALUES ${rows.slice(i, i + 500).join(",\n")};`,
    );
  sql.push(`UPDATE rooms SET rows_moved_at = NULL WHERE id = ${quote(roomId)};`);
  const file = join(stateDir, `seed-${roomId}.sql`);
  writeFileSync(file, sql.join("\n"));
  const result = spawnSync(
    process.execPath,
    [
      "node_modules/wrangler/bin/wrangler.js",
      "d1",
      "execute",
      "stockroom",
      "--local",
      "--persist-to",
      stateDir,
      "--file",
      file,
    ],
    { stdio: "pipe" },
  );
  if (result.status !== 0) throw new Error(`seeding failed: ${result.stderr}`);
  return Array.from({ length: count }, (_, i) => `${roomId}-${i}`);
}
