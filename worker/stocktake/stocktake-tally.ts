/**
 * What a stocktake's scans add up to (`stocktake.tally`, docs/stock.md): a
 * document per variant counted at each place (how many, and the latest
 * scan's moment and what the room had recorded then) and one per person
 * counting. A phone gets these, not every scan, however many scans a big
 * stocktake has. Read from the room's SQLite, grouped, when the first phone
 * subscribes (everyone shares it); then kept in step scan by scan: a scan
 * made or taken back reads again only its own variant at its place and its
 * person, by index, and announces them (`announceTally`).
 */
import { COLLECTION, PUBLICATION, type StocktakeScanDoc } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import type { Fields } from "../../protocol/ddp";
import { tallyCountId, tallyPersonId } from "../../protocol/stocktake-args";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { locationsOf } from "./stocktake-counts";
import { findStocktake, type StocktakeRow } from "./stocktakes-repo";

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
  for (const row of counts) docs.set(tallyCountId(stocktakeId, row.variant, row.place), countFields(stocktakeId, row));
  const people = sql.exec<{ user_id: string; n: number }>(
    `SELECT user_id, count(*) AS n FROM stocktake_scans WHERE stocktake_id = ?1 AND ${COUNTED} GROUP BY user_id`,
    stocktakeId,
  );
  for (const row of people) {
    docs.set(tallyPersonId(stocktakeId, row.user_id), { stocktakeId, userId: row.user_id, count: row.n });
  }
  return docs;
}

/**
 * One variant at one place, as its scans add up now (null: none counts).
 * Each branch names every column of the variant index, so each reads only
 * that variant's scans; the last three find scans from before variants or
 * places, which name neither.
 */
function countOf(sql: SqlStorage, stocktakeId: string, first: string, variantId: string, locationId: string) {
  const branch = (variant: string, place: string) =>
    `SELECT at, held_then FROM stocktake_scans WHERE stocktake_id = ?1 AND ${variant} AND ${place} AND ${COUNTED}`;
  const row = sql
    .exec<Omit<CountRow, "variant" | "place">>(
      `SELECT count(*) AS n, max(at) AS last_at, held_then FROM (
         ${branch("variant_id = ?3", "location_id = ?4")}
         UNION ALL ${branch("variant_id = '' AND item_id = ?3", "location_id = ?4")}
         UNION ALL ${branch("variant_id = ?3", "location_id = '' AND ?4 = ?2")}
         UNION ALL ${branch("variant_id = '' AND item_id = ?3", "location_id = '' AND ?4 = ?2")})`,
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

/**
 * After a scan is made or taken back (in its write turn): its variant at its
 * place and its person, read again and announced, so every phone's tally
 * follows — one read for all of them (the publication is shared).
 */
export function announceTally(host: RoomHost, stocktake: StocktakeRow, scan: StocktakeScanDoc): void {
  const sql = host.roomDb.$client.sql;
  const first = locationsOf(host.roomDb, stocktake)[0] as string;
  const announce = (id: string, fields: Fields | null) =>
    host.emit({ collection: COLLECTION.STOCKTAKE_TALLY, id, doc: fields && { _id: id, ...fields }, previous: null });
  announce(
    tallyCountId(stocktake.id, scan.variantId, scan.locationId),
    countOf(sql, stocktake.id, first, scan.variantId, scan.locationId),
  );
  announce(tallyPersonId(stocktake.id, scan.userId), personOf(sql, stocktake.id, scan.userId));
}

export function registerStocktakeTally(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.STOCKTAKE_TALLY, {
    args: PUBLICATION_ARGS[PUBLICATION.STOCKTAKE_TALLY],
    run: async (ctx, stocktakeId) => {
      await requireRole(ctx);
      const { host } = ctx;
      return {
        kind: "observed",
        collection: COLLECTION.STOCKTAKE_TALLY,
        // Everyone counting shares one read and one set of documents.
        key: stocktakeId,
        fetch: async () => {
          const stocktake = await findStocktake(host.roomDb, host.roomId, stocktakeId);
          const first = stocktake ? (locationsOf(host.roomDb, stocktake)[0] as string) : "";
          const docs = wholeTally(host.roomDb.$client.sql, stocktakeId, first);
          return [...docs].map(([id, fields]) => asDoc({ _id: id, ...fields }));
        },
        matches: (doc) => doc.stocktakeId === stocktakeId,
      } as const;
    },
  });
}
