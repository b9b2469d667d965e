/**
 * What this browser keeps for one signed-in person — edits waiting for the
 * server and cached rooms (live/user-data.ts), what they were typing on item
 * pages (catalogue/field-drafts.ts) — deleted when they sign out: none of it
 * may show or go out under someone else's login.
 */
import { dropDraftsOf } from "./catalogue/field-drafts";

export function forgetUser(userId: string): void {
  // The IndexedDB code is a lazy chunk: signing out does not wait for it.
  void import("./live/offline-stores").then((stores) => stores.deleteUserData(userId));
  dropDraftsOf(userId);
}
