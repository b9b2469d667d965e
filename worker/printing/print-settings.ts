/**
 * The print queue's settings (docs/printing.md): what queues labels, how
 * many, on which paper with which code. Kept in the room's bookkeeping
 * (`room_state`) as JSON; a room that never turned the queue on has it off,
 * so nothing waits for a station nobody keeps.
 */
import * as v from "valibot";
import { PRINT_SETTINGS_OFF, type PrintSettings, printSettingsSchema } from "../../protocol/print-args";
import type { RoomDatabase } from "../db/room/room-database";
import { readState, stateWrite } from "../db/room/room-state";

const PRINT_SETTINGS = "print-settings";

export function readPrintSettings(db: RoomDatabase): PrintSettings {
  const stored = readState(db, PRINT_SETTINGS);
  if (stored === null) return PRINT_SETTINGS_OFF;
  // A value this release cannot read (a later one's, say) is as if never set.
  const parsed = v.safeParse(printSettingsSchema, JSON.parse(stored));
  return parsed.success ? parsed.output : PRINT_SETTINGS_OFF;
}

export function writePrintSettings(db: RoomDatabase, settings: PrintSettings, now: number): void {
  const kinds = [...new Set(settings.kinds)];
  stateWrite(db, PRINT_SETTINGS, JSON.stringify({ ...settings, kinds }), now).run();
}
