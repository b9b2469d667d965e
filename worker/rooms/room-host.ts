import type { Database } from "../db/database";
import type { Change } from "../live/types";

/** What the RoomDO gives its features. */
export interface RoomHost {
  roomId: string;
  db: Database;
  /** Tell live subscribers about a write (call after it is stored). */
  emit(change: Change): void;
}
