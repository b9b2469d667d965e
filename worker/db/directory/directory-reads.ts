/**
 * Directory reads on a route's hot path (a store webhook, a label's share
 * link) through D1's read replication (Sessions API): the first read goes to
 * whichever copy of the directory is nearest. A row written a moment ago may
 * not have reached that copy yet, so a read that finds nothing is asked
 * again of the primary before the route says "not found" — a miss costs one
 * more read, a hit none. Locally (wrangler dev, the tests) there is one
 * copy, and the session is the database itself.
 */

type Reader = Pick<D1Database, "prepare">;

export interface ShopRoom {
  roomId: string;
  webhookSecret: string;
}

export interface SharedCode {
  roomId: string;
  itemId: string;
}

/** `read` on a nearby copy; when it answers nothing, on the primary. */
async function nearbyThenPrimary<T>(d1: D1Database, read: (db: Reader) => Promise<T | null>): Promise<T | null> {
  const nearby = await read(d1.withSession("first-unconstrained"));
  return nearby ?? read(d1);
}

/**
 * The rooms connected to a shop whose sealed webhook secret `accepts` the
 * delivery: on a nearby copy, else (none there, or a secret changed a moment
 * ago) on the primary.
 */
export async function roomsOfShopAccepting(
  d1: D1Database,
  shopDomain: string,
  accepts: (row: ShopRoom) => Promise<boolean>,
): Promise<string[]> {
  const accepted = await nearbyThenPrimary(d1, async (db) => {
    const { results } = await db
      .prepare("SELECT room_id AS roomId, webhook_secret AS webhookSecret FROM store_shops WHERE shop_domain = ?")
      .bind(shopDomain)
      .all<ShopRoom>();
    const rooms: string[] = [];
    for (const row of results) if (await accepts(row)) rooms.push(row.roomId);
    return rooms.length > 0 ? rooms : null;
  });
  return accepted ?? [];
}

/** The room and item a share code leads to. */
export function sharedCodeNearby(d1: D1Database, code: string): Promise<SharedCode | null> {
  return nearbyThenPrimary(d1, (db) =>
    db
      .prepare("SELECT room_id AS roomId, item_id AS itemId FROM share_codes WHERE code = ?")
      .bind(code)
      .first<SharedCode>(),
  );
}
