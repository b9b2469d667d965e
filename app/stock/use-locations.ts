/** The room's locations, in their order (docs/architecture.md §9); archived ones last. */
import { COLLECTION, type LocationDoc, PUBLICATION } from "../../protocol/api";
import { type LiveDoc, useFind, useSubscribe } from "../live";

const isLocation = (doc: LiveDoc): doc is LiveDoc & LocationDoc => typeof doc.position === "number";
const inOrder = (a: LocationDoc, b: LocationDoc) =>
  Number(a.archived) - Number(b.archived) || a.position - b.position || a._id.localeCompare(b._id);

export function useLocations(): { locations: readonly LocationDoc[]; loading: boolean } {
  const loading = useSubscribe(PUBLICATION.LOCATIONS);
  const locations = useFind(COLLECTION.LOCATIONS, isLocation, inOrder);
  return { locations, loading };
}

/** A location's name as the room calls it (an id the room no longer lists reads as such). */
export function locationName(locations: readonly LocationDoc[], id: string): string {
  return locations.find((location) => location._id === id)?.name ?? "A removed location";
}
