/**
 * A word to say on the rooms page after leaving a room the app had to
 * leave (it was deleted, or the person was removed): kept for the tab, said
 * once.
 */
const KEY = "stockroom.roomNotice";

export function leaveRoomNotice(text: string): void {
  try {
    sessionStorage.setItem(KEY, text);
  } catch {
    // Storage refused: the rooms page simply says nothing.
  }
}

export function roomNotice(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Said: not again on the next visit. */
export function forgetRoomNotice(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
