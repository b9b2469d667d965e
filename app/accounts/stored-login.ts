/**
 * The login token, its expiry and the user id in localStorage (docs/protocol.md §2), so
 * a reload stays signed in and every tab sees the same login. Tabs notice
 * each other's changes by polling every 3 s (like Meteor; the `storage`
 * event is not fired in every browser setup, polling always works).
 */
import { LOGIN_TOKEN_POLL_INTERVAL } from "../../protocol/constants";

const KEYS = {
  token: "stockroom.loginToken",
  expires: "stockroom.loginTokenExpires",
  userId: "stockroom.userId",
  /** How the signed-in person is named, for a page opened with no line (their document cannot come). */
  name: "stockroom.userName",
};

/** A token this close to expiry is dropped at start rather than resumed. */
const EXPIRY_MARGIN_MS = 60 * 60_000;

export interface StoredLogin {
  token: string;
  tokenExpires: Date;
  userId: string;
}

export function readStoredLogin(storage: Storage = localStorage, now = Date.now()): StoredLogin | null {
  const token = storage.getItem(KEYS.token);
  const expires = Number(storage.getItem(KEYS.expires));
  const userId = storage.getItem(KEYS.userId);
  if (!token || !userId || !Number.isFinite(expires)) return null;
  if (expires - now < EXPIRY_MARGIN_MS) {
    clearStoredLogin(storage);
    return null;
  }
  return { token, tokenExpires: new Date(expires), userId };
}

export function writeStoredLogin(login: StoredLogin, storage: Storage = localStorage): void {
  storage.setItem(KEYS.token, login.token);
  storage.setItem(KEYS.expires, String(login.tokenExpires.getTime()));
  storage.setItem(KEYS.userId, login.userId);
}

export function rememberUserName(name: string, storage: Storage = localStorage): void {
  if (storage.getItem(KEYS.name) !== name) storage.setItem(KEYS.name, name);
}

export function storedUserName(storage: Storage = localStorage): string | null {
  return storage.getItem(KEYS.name);
}

export function clearStoredLogin(storage: Storage = localStorage): void {
  for (const key of Object.values(KEYS)) storage.removeItem(key);
}

/** Calls `onChange` with the stored token whenever another tab changes it. */
export function watchStoredToken(
  current: () => string | null,
  onChange: (token: string | null) => void,
  storage: Storage = localStorage,
): () => void {
  const timer = setInterval(() => {
    const stored = storage.getItem(KEYS.token);
    if (stored !== current()) onChange(stored);
  }, LOGIN_TOKEN_POLL_INTERVAL);
  return () => clearInterval(timer);
}
