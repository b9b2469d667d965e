/**
 * The store's locations and the room location each one's stock is
 * (docs/stock.md, "Stock from the store"): read from the store when the room
 * connects and when an owner tests the connection; the store's first
 * location starts out as the room's first. A store location with no room
 * location keeps its stock the store's: its sales and counts move nothing here.
 */
import * as v from "valibot";
import { COLLECTION, type StoreLocationsDoc } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { findLocation, firstLocationId } from "../db/room/locations-repo";
import { runTogether } from "../db/room/room-database";
import { listStoreLocations, mapStoreLocationQuery, saveStoreLocationsQueries } from "../db/room/store-stock-repo";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import type { ShopifyClient } from "./shopify-client";
import { LOCATIONS_QUERY } from "./shopify-queries";
import { badAnswer } from "./store-errors";

const answer = v.object({
  locations: v.object({
    nodes: v.array(v.object({ id: v.pipe(v.string(), v.startsWith("gid://shopify/Location/")), name: v.string() })),
  }),
});

/** The `locations` document of the `store` publication. */
export function storeLocationsDoc(host: RoomHost): StoreLocationsDoc {
  return {
    _id: "locations",
    locations: listStoreLocations(host.roomDb)
      .filter((location) => location.active)
      .map(({ storeLocationId, name, locationId }) => ({ storeLocationId, name, locationId })),
  };
}

/** Runs a change of the store's locations and tells subscribers; the caller holds host.writes. */
function changeLocations(host: RoomHost, write: () => void): void {
  const before = storeLocationsDoc(host);
  write();
  const after = storeLocationsDoc(host);
  if (JSON.stringify(before) !== JSON.stringify(after)) {
    host.emit({ collection: COLLECTION.STORE, id: "locations", doc: asDoc(after), previous: asDoc(before) });
  }
}

/** Reads the store's locations anew; the first time, the store's first is mapped to the room's first. */
export async function refreshStoreLocations(host: RoomHost, client: ShopifyClient): Promise<void> {
  const parsed = v.safeParse(answer, await client.request(LOCATIONS_QUERY));
  if (!parsed.success) throw badAnswer();
  const listed = parsed.output.locations.nodes.map((node) => ({
    storeLocationId: node.id,
    name: node.name.slice(0, 200),
  }));
  await host.writes.run(async () =>
    changeLocations(host, () => {
      const firstTime = listStoreLocations(host.roomDb).length === 0;
      const statements = saveStoreLocationsQueries(host.roomDb, listed);
      const roomFirst = firstLocationId(host.roomDb);
      if (firstTime && listed[0] && roomFirst) {
        statements.push(mapStoreLocationQuery(host.roomDb, listed[0].storeLocationId, roomFirst));
      }
      runTogether(host.roomDb, statements);
    }),
  );
}

/** Says which room location a store location's stock is ("" for none). One store location per room location. */
export function mapStoreLocation(host: RoomHost, storeLocationId: string, locationId: string): Promise<void> {
  return host.writes.run(async () => {
    const known = listStoreLocations(host.roomDb);
    const location = known.find((each) => each.storeLocationId === storeLocationId && each.active);
    if (!location) throw new LiveError(404, "That store location is not in the store any more");
    if (locationId) {
      const here = findLocation(host.roomDb, locationId);
      if (!here) throw new LiveError(404, "That location does not exist in this room");
      if (here.archivedAt !== null) throw new LiveError(409, `${here.name} is archived`);
      const other = known.find(
        (each) => each.locationId === locationId && each.storeLocationId !== storeLocationId && each.active,
      );
      if (other) throw new LiveError(409, `${here.name} already keeps the stock of ${other.name}`);
    }
    changeLocations(host, () => {
      runTogether(host.roomDb, [mapStoreLocationQuery(host.roomDb, storeLocationId, locationId)]);
    });
  });
}
