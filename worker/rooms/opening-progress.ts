/** How far a room's filling got before it serves (room-opening.ts): its move from the previous release, or a restore's step. */
import type { MoveProgress } from "../db/room/room-upgrade";

/** A restore from a backup file (backup-restore.ts): bytes of its records read, then photos copied. */
export interface RestoreProgress {
  copied: number;
  total: number;
  what: "restore";
  step: "records" | "photos";
}

export type OpeningProgress = MoveProgress | RestoreProgress;
