/** The room's locations, in their order (docs/architecture.md §9); archived ones last. */
import { createContext, useContext } from "react";
import { COLLECTION, type LocationDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";

const isLocation = (doc: LiveDoc): doc is LiveDoc & LocationDoc => typeof doc.position === "number";
const inOrder = (a: LocationDoc, b: LocationDoc) =>
  Number(a.archived) - Number(b.archived) || a.position - b.position || a._id.localeCompare(b._id);

/**
 * Whether the room's one subscription to its locations (held by the room's
 * page for as long as it is open, so they are also kept for offline use) is
 * still loading.
 */
export const LocationsLoadingContext = createContext(true);

export function useLocations(): { locations: readonly LocationDoc[]; loading: boolean } {
  const loading = useContext(LocationsLoadingContext);
  const locations = useFind(COLLECTION.LOCATIONS, isLocation, inOrder);
  return { locations, loading };
}

/** A location's name as the room calls it (an id the room no longer lists reads as such). */
export function locationName(locations: readonly LocationDoc[], id: string): string {
  return locations.find((location) => location._id === id)?.name ?? "A removed location";
}
