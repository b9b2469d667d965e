/**
 * Where a person was in the catalogue, for the way back to it: the search,
 * filters and sort the list had (its address's query) and the item they
 * opened. "← Catalogue" and the Catalogue tab return to the same view, and
 * the focus returns to the item's row, as the browser's Back would — never
 * to the top of the page. Kept for the tab (sessionStorage), per room.
 */

const searchKey = (roomId: string) => `stockroom.catalogueSearch.${roomId}`;
const openedKey = (roomId: string) => `stockroom.openedItem.${roomId}`;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused: the way back shows the whole list, as before.
  }
}

/** The list's query string as it is now ("" for the plain list). */
export function rememberCatalogueSearch(roomId: string, search: string): void {
  write(searchKey(roomId), search);
}

/** The catalogue's address as the person left it. */
export function catalogueHref(roomId: string): string {
  const search = read(searchKey(roomId));
  return `/rooms/${roomId}${search ? `?${search}` : ""}`;
}

export function rememberOpenedItem(roomId: string, itemId: string): void {
  write(openedKey(roomId), itemId);
}

/** The item opened from the list, once: the list puts the focus back on its row. */
export function takeOpenedItem(roomId: string): string | null {
  const itemId = read(openedKey(roomId));
  write(openedKey(roomId), null);
  return itemId;
}
