import { canMove, type Transitions } from "../transitions";
import type { UploadRow } from "./upload-store";

/**
 * An upload's states. Chunks (and whole parts over HTTP) arrive while it is
 * `receiving`; with every chunk here it is `whole` (a repeated chunk changes
 * nothing); its bytes put in R2 make it `stored`; the file recorded, it is
 * `recorded`: its row goes, and a note of what it made stays for a re-sent
 * finish. Given up — aborted, idle for hours, its sender no longer allowed,
 * or its record failed — it is `discarded`, its parts freed. A state is read
 * from where the upload's data is (`UploadManager`), except `stored`, which lasts
 * only while one finish runs (`exclusive`) and is kept in memory.
 */
export type UploadState = "receiving" | "whole" | "stored" | "recorded" | "discarded";
export const UPLOAD_MOVES = {
  receiving: ["receiving", "whole", "discarded"],
  whole: ["whole", "stored", "discarded"],
  stored: ["recorded", "discarded"],
  recorded: [],
  discarded: [],
} as const satisfies Transitions<UploadState>;

/**
 * Where each upload of a room is. Every state but `stored` is read, when
 * asked, from where the upload's data is (`where`); `stored` lasts only while
 * one finish runs and is kept here.
 */
export class UploadStates {
  private readonly stored = new Set<string>();

  constructor(private readonly where: (upload: UploadRow) => Exclude<UploadState, "stored">) {}

  of(upload: UploadRow): UploadState {
    return this.stored.has(upload.id) ? "stored" : this.where(upload);
  }

  /** Moves the upload to `to` from `from` (where it is now, unless the caller has just read it), if the table allows. */
  enter(upload: UploadRow, to: UploadState, from: UploadState = this.of(upload)): void {
    if (!canMove(UPLOAD_MOVES, from, to)) throw new Error(`files: an upload cannot go from ${from} to ${to}`);
    if (to === "stored") this.stored.add(upload.id);
    else this.stored.delete(upload.id);
  }
}
