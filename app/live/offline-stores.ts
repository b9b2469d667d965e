/**
 * The IndexedDB stores of an offline-first room, as one lazy chunk: a page
 * pays for them only when it opens a room (or signs out), not on first load.
 */
export { indexedDbJournal, journalName } from "./call-journal";
export { docCacheName, indexedDbDocCache } from "./doc-cache";
export { deleteRoomData, deleteUserData } from "./user-data";
