/**
 * What a person is typing into an item's field, kept in the browser as they
 * type. Leaving a field saves it, but a reload or a closed tab leaves no
 * field: the text is still here, and the room saves it when it next opens
 * (as leaving the field would have), so nothing typed is lost. Kept per
 * signed-in person: a draft is only ever saved under the name of whoever
 * typed it.
 */

import { randomId } from "../live/random-id";

const KEY = "stockroom.fieldDrafts";

/**
 * This page's id. While the page is open it holds a Web Lock of that name
 * (released by the browser when the page goes, however it goes: reload,
 * closed tab, crash), so another page can tell a draft still being typed
 * in an open tab from one left behind.
 */
const PAGE = randomId();
const pageLock = (page: string) => `stockroom.page:${page}`;
let holdingPageLock = false;
function holdPageLock(): void {
  if (holdingPageLock || typeof navigator === "undefined" || !navigator.locks) return;
  holdingPageLock = true;
  void navigator.locks.request(pageLock(PAGE), () => new Promise<never>(() => {}));
}

export interface FieldDraft {
  userId: string;
  roomId: string;
  itemId: string;
  field: string;
  text: string;
  /** The field's value when the typing started: saving it later must not overwrite someone's change unasked. */
  base?: string;
  /** When it was last typed (ms). */
  at?: number;
  /** The page it was typed in (see `PAGE`). */
  page?: string;
}

const idOf = (draft: Omit<FieldDraft, "text">) => `${draft.userId}/${draft.roomId}/${draft.itemId}/${draft.field}`;

function read(storage: Storage): Record<string, FieldDraft> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, FieldDraft>) : {};
  } catch {
    return {};
  }
}

function write(storage: Storage, drafts: Record<string, FieldDraft>): void {
  try {
    if (Object.keys(drafts).length === 0) storage.removeItem(KEY);
    else storage.setItem(KEY, JSON.stringify(drafts));
  } catch {
    // Storage full or refused (private mode): leaving the field still saves.
  }
}

export function keepDraft(draft: Omit<FieldDraft, "page">, storage: Storage = localStorage): void {
  holdPageLock();
  const drafts = read(storage);
  drafts[idOf(draft)] = { ...draft, page: PAGE };
  write(storage, drafts);
}

/** Drops the field's draft; with `ifText`, only if it still holds that text (not newer typing). */
export function dropDraft(draft: Omit<FieldDraft, "text">, ifText?: string, storage: Storage = localStorage): void {
  const drafts = read(storage);
  const kept = drafts[idOf(draft)];
  if (!kept || (ifText !== undefined && kept.text !== ifText)) return;
  delete drafts[idOf(draft)];
  write(storage, drafts);
}

/**
 * Takes this person's drafts in this room that were left behind out of
 * storage (the caller saves them): those whose page is gone. A draft whose
 * page is still open (this one, or another tab) is still being typed there.
 */
export async function takeLeftDrafts(
  userId: string,
  roomId: string,
  storage: Storage = localStorage,
): Promise<FieldDraft[]> {
  const open = await openPages();
  const drafts = read(storage);
  const taken = Object.entries(drafts).filter(
    ([, d]) => d.userId === userId && d.roomId === roomId && d.page !== PAGE && !open(d),
  );
  for (const [id] of taken) delete drafts[id];
  if (taken.length > 0) write(storage, drafts);
  return taken.map(([, draft]) => draft);
}

/** Whether a draft's page is still open. Without Web Locks, a draft typed since this page loaded counts as open. */
async function openPages(): Promise<(draft: FieldDraft) => boolean> {
  if (typeof navigator === "undefined" || !navigator.locks) {
    return (draft) => (draft.at ?? 0) >= performance.timeOrigin;
  }
  const { held = [] } = await navigator.locks.query();
  const names = new Set(held.map((lock) => lock.name));
  return (draft) => draft.page !== undefined && names.has(pageLock(draft.page));
}

/** This person's drafts for one item, still in storage (not saved). */
export function draftsFor(
  userId: string,
  roomId: string,
  itemId: string,
  storage: Storage = localStorage,
): FieldDraft[] {
  return Object.values(read(storage)).filter(
    (draft) => draft.userId === userId && draft.roomId === roomId && draft.itemId === itemId,
  );
}

/** Drops this person's drafts (all, or one room's): on sign-out, and when a room ends for them. */
export function dropDraftsOf(userId: string, roomId?: string, storage: Storage = localStorage): void {
  const drafts = read(storage);
  for (const [id, draft] of Object.entries(drafts)) {
    if (draft.userId === userId && (roomId === undefined || draft.roomId === roomId)) delete drafts[id];
  }
  write(storage, drafts);
}
