/**
 * Which tab is the room's print station right now (docs/printing.md), and
 * the one `station` document everyone's banner reads: the settings, the
 * open station, what waits. The station is the tab subscribed to
 * `print.attend`, so it is kept in memory, like presence: it is one of this
 * object's live connections, and ends with it. After hibernation the
 * station's subscription runs again and it is back.
 *
 * One station at a time: a tab that opens as the station takes over, and
 * what the one before had taken and not printed goes back to waiting.
 */
import { COLLECTION } from "../../protocol/api";
import type { PrintStationDoc } from "../../protocol/print-args";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { putBackTaken, queueCounts } from "./print-jobs";
import { readPrintSettings } from "./print-settings";

export interface Station {
  /** The tab's own id (it makes one when it opens as the station). */
  id: string;
  name: string;
  userId: string;
  /** Who is signed in on it, as the team sees them. */
  by: string;
  since: number;
}

interface StationState {
  current: Station | null;
  shown: PrintStationDoc | null;
}

const states = new WeakMap<RoomHost, StationState>();

function stateOf(host: RoomHost): StationState {
  let state = states.get(host);
  if (!state) {
    state = { current: null, shown: null };
    states.set(host, state);
  }
  return state;
}

export function currentStation(host: RoomHost): Station | null {
  return stateOf(host).current;
}

/** The tab opens as the station (taking over from any other). */
export function attend(host: RoomHost, station: Station): void {
  stateOf(host).current = station;
  putBackTaken(host, station.id);
  announceStation(host);
}

/** The tab stopped being the station (closed, dropped, or left print-station mode). */
export function leave(host: RoomHost, stationId: string): void {
  const state = stateOf(host);
  if (state.current?.id !== stationId) return;
  state.current = null;
  announceStation(host);
}

/** A member removed while their tab is the station: it stops being one at once. */
export function leaveIfBy(host: RoomHost, userId: string): void {
  const current = stateOf(host).current;
  if (current?.userId === userId) leave(host, current.id);
}

export function stationDoc(host: RoomHost): PrintStationDoc {
  const current = stateOf(host).current;
  return {
    _id: "station",
    settings: readPrintSettings(host.roomDb),
    station: current && { id: current.id, name: current.name, by: current.by, since: new Date(current.since) },
    ...queueCounts(host),
  };
}

const sameDoc = (a: PrintStationDoc | null, b: PrintStationDoc) => JSON.stringify(a) === JSON.stringify(b);

/** Works the document out afresh and announces it if it changed. */
export function announceStation(host: RoomHost): void {
  const state = stateOf(host);
  const next = stationDoc(host);
  if (sameDoc(state.shown, next)) return;
  const previous = state.shown;
  state.shown = next;
  host.emit({
    collection: COLLECTION.PRINT_STATION,
    id: next._id,
    doc: asDoc(next),
    previous: previous && asDoc(previous),
  });
}
