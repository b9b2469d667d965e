/**
 * What a stocktake's scans add up to (`stocktake.tally`, docs/stock.md): a
 * document per variant counted at each place (how many, and the latest
 * scan's moment and what the room had recorded then) and one per person
 * counting. A phone gets these, not every scan, however many scans a big
 * stocktake has. Read from the room's SQLite, grouped, when subscribed; then
 * kept in step scan by scan: a scan made or taken back reads again only its
 * own variant at its place and its person, by index.
 */
import { COLLECTION, PUBLICATION, type StocktakeScanDoc } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import type { Fields } from "../../protocol/ddp";
import { equals } from "../../protocol/ejson";
import { tallyCountId, tallyPersonId } from "../../protocol/stocktake-args";
import type { LiveRegistry } from "../live/registry";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { locationsOf } from "./stocktake-counts";
import { findStocktake } from "./stocktakes-repo";

const countId = tallyCountId;
const personId = tallyPersonId;

/** The scans that count: not taken back, made in time. */
const COUNTED = "taken_back_at IS NULL AND late IS NULL";
/** A scan from before variants counted its product's only one; from before places, the first place. */
const VARIANT = "coalesce(nullif(variant_id, ''), item_id)";
const PLACE = "coalesce(nullif(location_id, ''), ?2)";

type CountRow = {
  variant: string;
  place: string;
  n: number;
  last_at: number;
  held_then: number | null;
};

function countFields(stocktakeId: string, row: CountRow): Fields {
  return {
    stocktakeId,
    variantId: row.variant,
    locationId: row.place,
    count: row.n,
    lastAt: new Date(row.last_at),
    heldThen: row.held_then,
  };
}

/** Every count and person of the stocktake, by document id. */
function wholeTally(sql: SqlStorage, stocktakeId: string, first: string): Map<string, Fields> {
  const docs = new Map<string, Fields>();
  // With one max(), SQLite takes the other bare column (held_then) from the row holding the max.
  const counts = sql.exec<CountRow>(
    `SELECT ${VARIANT} AS variant, ${PLACE} AS place, count(*) AS n, max(at) AS last_at, held_then
     FROM stocktake_scans WHERE stocktake_id = ?1 AND ${COUNTED} GROUP BY variant, place`,
    stocktakeId,
    first,
  );
  for (const row of counts) docs.set(countId(stocktakeId, row.variant, row.place), countFields(stocktakeId, row));
  const people = sql.exec<{ user_id: string; n: number }>(
    `SELECT user_id, count(*) AS n FROM stocktake_scans WHERE stocktake_id = ?1 AND ${COUNTED} GROUP BY user_id`,
    stocktakeId,
  );
  for (const row of people) {
    docs.set(personId(stocktakeId, row.user_id), { stocktakeId, userId: row.user_id, count: row.n });
  }
  return docs;
}

/** One variant at one place, as its scans add up now (null: none counts). */
function countOf(sql: SqlStorage, stocktakeId: string, first: string, variantId: string, locationId: string) {
  const row = sql
    .exec<Omit<CountRow, "variant" | "place">>(
      `SELECT count(*) AS n, max(at) AS last_at, held_then FROM stocktake_scans
       WHERE stocktake_id = ?1 AND (variant_id = ?3 OR (variant_id = '' AND item_id = ?3))
         AND (location_id = ?4 OR (location_id = '' AND ?4 = ?2)) AND ${COUNTED}`,
      stocktakeId,
      first,
      variantId,
      locationId,
    )
    .one();
  return row.n === 0 ? null : countFields(stocktakeId, { ...row, variant: variantId, place: locationId });
}

function personOf(sql: SqlStorage, stocktakeId: string, userId: string): Fields | null {
  const { n } = sql
    .exec<{ n: number }>(
      `SELECT count(*) AS n FROM stocktake_scans WHERE stocktake_id = ?1 AND user_id = ?2 AND ${COUNTED}`,
      stocktakeId,
      userId,
    )
    .one();
  return n === 0 ? null : { stocktakeId, userId, count: n };
}

export function registerStocktakeTally(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.STOCKTAKE_TALLY, {
    args: PUBLICATION_ARGS[PUBLICATION.STOCKTAKE_TALLY],
    run: async (ctx, stocktakeId) => {
      await requireRole(ctx);
      const { host } = ctx;
      const sql = host.roomDb.$client.sql;
      const stocktake = await findStocktake(host.roomDb, host.roomId, stocktakeId);
      const first = stocktake ? (locationsOf(host.roomDb, stocktake)[0] as string) : "";
      const held = new Map<string, Fields>();
      const show = (id: string, fields: Fields | null) => {
        const before = held.get(id);
        if (fields === null) {
          if (before) ctx.removed(COLLECTION.STOCKTAKE_TALLY, id);
          held.delete(id);
          return;
        }
        held.set(id, fields);
        if (!before) ctx.added(COLLECTION.STOCKTAKE_TALLY, id, fields);
        else {
          const changed = Object.fromEntries(
            Object.entries(fields).filter(([key, value]) => !equals(before[key], value)),
          );
          if (Object.keys(changed).length > 0) ctx.changed(COLLECTION.STOCKTAKE_TALLY, id, changed);
        }
      };
      // Listening first: a scan made while the whole tally is read is counted by the read or after it.
      ctx.onChange((change) => {
        if (change.collection !== COLLECTION.STOCKTAKE_SCANS) return;
        const scan = (change.doc ?? change.previous) as unknown as StocktakeScanDoc | null;
        if (!scan || scan.stocktakeId !== stocktakeId) return;
        show(
          countId(stocktakeId, scan.variantId, scan.locationId),
          countOf(sql, stocktakeId, first, scan.variantId, scan.locationId),
        );
        show(personId(stocktakeId, scan.userId), personOf(sql, stocktakeId, scan.userId));
      });
      for (const [id, fields] of wholeTally(sql, stocktakeId, first)) show(id, fields);
      return undefined;
    },
  });
}
