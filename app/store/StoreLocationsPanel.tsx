import { useId, useState } from "react";
import {
  COLLECTION,
  can,
  METHOD,
  type RoomRole,
  type StoreLocationMapping,
  type StoreLocationsDoc,
} from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useCall } from "../live-api";
import { useLocations } from "../stock/use-locations";
import { ActionOutcome } from "./ActionOutcome";

const isLocations = (doc: LiveDoc): doc is LiveDoc & StoreLocationsDoc => doc._id === "locations";

/**
 * Where the store's stock is kept here (docs/stock.md, "Stock from the
 * store"): each store location with the room location its sales, returns
 * and counts move, or none. Everyone sees it; owners and admins change it.
 */
export function StoreLocationsPanel({ role }: { role: RoomRole | null }) {
  const [doc] = useFind(COLLECTION.STORE, isLocations);
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);
  const manage = can.manageStore(role);
  const call = useCall();
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const headingId = useId();
  const storeLocations = doc?.locations ?? [];

  async function map(store: StoreLocationMapping, locationId: string) {
    setNotice(null);
    setError(null);
    try {
      await call(METHOD.STORE_MAP_LOCATION, store.storeLocationId, locationId);
      const name = open.find((location) => location._id === locationId)?.name;
      setNotice(
        name ? `${store.name}'s stock is now kept at ${name}.` : `${store.name}'s stock is no longer kept here.`,
      );
    } catch (caught) {
      setError(caught);
    }
  }

  return (
    <section className="store-locations" aria-labelledby={headingId}>
      <h3 id={headingId}>Locations</h3>
      {storeLocations.length === 0 ? (
        <p className="muted small">
          The store's locations are read when the room connects;{" "}
          {manage ? "test the connection" : "an owner or admin can test the connection"} to read them again.
        </p>
      ) : (
        <>
          <p className="muted small">
            Sales, returns and counts changed in the store move stock at the room location kept for each store location.
          </p>
          <table className="store-locations-table">
            <thead>
              <tr>
                <th scope="col">In the store</th>
                <th scope="col">Kept here at</th>
              </tr>
            </thead>
            <tbody>
              {storeLocations.map((store) => (
                <tr key={store.storeLocationId}>
                  <th scope="row">{store.name}</th>
                  <td>
                    {manage ? (
                      <select
                        aria-label={`Room location for ${store.name}`}
                        value={store.locationId}
                        onChange={(event) => void map(store, event.target.value)}
                      >
                        <option value="">Not kept here</option>
                        {open.map((location) => (
                          <option key={location._id} value={location._id}>
                            {location.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      (open.find((location) => location._id === store.locationId)?.name ?? (
                        <span className="muted">Not kept here</span>
                      ))
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <ActionOutcome notice={notice} error={error} />
    </section>
  );
}
