/**
 * Which tab is the room's print station (docs/printing.md), and the one
 * `station` document everyone's banner reads: the settings, the station and
 * whether its tab is open, what waits.
 *
 * A tab becomes the station by claiming it (`print.claim`), which is kept in
 * the room's bookkeeping: one station at a time, and what the one before had
 * taken and not printed goes back to waiting. Its tab then holds
 * `print.attend` while it is open — kept in memory, like presence, as it is
 * one of this object's live connections; after hibernation the subscription
 * runs again. A tab that was replaced (asleep while another claimed the
 * station) is refused when it comes back, so it cannot take the station
 * back by reconnecting.
 */
import { COLLECTION } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import type { PrintStationDoc } from "../../protocol/print-args";
import type { RoomDatabase } from "../db/room/room-database";
import { deleteState, readState, stateWrite } from "../db/room/room-state";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { putBackTaken, queueCounts } from "./print-jobs";
import { readPrintSettings } from "./print-settings";

export interface Station {
  /** The tab's own id (it makes one when it claims the station). */
  id: string;
  name: string;
  userId: string;
  /** Who is signed in on it, as the team sees them. */
  by: string;
  since: number;
}

export const NOT_THE_STATION = "This tab is not the print station now";

const PRINT_STATION = "print-station";

export function claimedStation(db: RoomDatabase): Station | null {
  const stored = readState(db, PRINT_STATION);
  return stored === null ? null : (JSON.parse(stored) as Station);
}

/** Refuses a tab that is not the station now, naming the one that is. */
export function assertStation(host: RoomHost, stationId: string): Station {
  const station = claimedStation(host.roomDb);
  if (station?.id === stationId) return station;
  throw new LiveError(409, station ? `${NOT_THE_STATION}: ${station.name} is` : NOT_THE_STATION);
}

interface StationState {
  /** Open `print.attend` subscriptions, by station id. */
  attending: Map<string, number>;
  shown: PrintStationDoc | null;
  /** An announcement is due once the current turn's changes are made (announceStationSoon). */
  due: boolean;
}

const states = new WeakMap<RoomHost, StationState>();

function stateOf(host: RoomHost): StationState {
  let state = states.get(host);
  if (!state) {
    state = { attending: new Map(), shown: null, due: false };
    states.set(host, state);
  }
  return state;
}

/** A tab claims the station, taking over from any other. */
export function claim(host: RoomHost, station: Station): void {
  host.roomDb.$client.transactionSync(() => {
    stateWrite(host.roomDb, PRINT_STATION, JSON.stringify(station), host.now()).run();
    putBackTaken(host, station.id);
  });
  announceStation(host);
}

/** The station's tab stops being the station (a tab that is not it changes nothing). */
export function release(host: RoomHost, stationId: string): void {
  if (claimedStation(host.roomDb)?.id !== stationId) return;
  deleteState(host.roomDb, PRINT_STATION);
  putBackTaken(host, "");
  announceStation(host);
}

/** The station's tab is open (refused for a tab that is not the station). */
export function attend(host: RoomHost, stationId: string): void {
  assertStation(host, stationId);
  const { attending } = stateOf(host);
  attending.set(stationId, (attending.get(stationId) ?? 0) + 1);
  announceStation(host);
}

/** That subscription ended (the tab closed, dropped, or stopped being the station). */
export function leave(host: RoomHost, stationId: string): void {
  const { attending } = stateOf(host);
  const open = (attending.get(stationId) ?? 0) - 1;
  if (open > 0) attending.set(stationId, open);
  else attending.delete(stationId);
  announceStation(host);
}

/** Someone removed, or no longer allowed to keep it: their tab stops being the station at once. */
export function releaseIfBy(host: RoomHost, userId: string): void {
  const station = claimedStation(host.roomDb);
  if (station?.userId === userId) release(host, station.id);
}

export function stationDoc(host: RoomHost): PrintStationDoc {
  const station = claimedStation(host.roomDb);
  return {
    _id: "station",
    settings: readPrintSettings(host.roomDb),
    station: station && {
      id: station.id,
      name: station.name,
      by: station.by,
      since: new Date(station.since),
      online: stateOf(host).attending.has(station.id),
    },
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

/**
 * The same, once, after the changes the current turn makes: a batch taken
 * changes a job at a time, and the banner needs the figures only when the
 * batch is all taken (one count, one document, not one a job).
 */
export function announceStationSoon(host: RoomHost): void {
  const state = stateOf(host);
  if (state.due) return;
  state.due = true;
  queueMicrotask(() => {
    state.due = false;
    try {
      announceStation(host);
    } catch (error) {
      // Out of any call: logged, and the next change announces the figures again.
      console.error("print station: could not announce the queue's figures", error);
    }
  });
}
