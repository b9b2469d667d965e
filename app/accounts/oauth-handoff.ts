/**
 * The browser half of Google/Facebook sign-in (docs/protocol.md §2, docs/meteor-compatibility.md): open the
 * provider in a popup (or this tab), then pick up the one-time credential
 * the end page leaves for us. The end page writes it to localStorage and a
 * BroadcastChannel; we also poll every 100 ms, because a provider page with
 * a strict opener policy can cut the popup off from us (its `closed` then
 * reads true while the person is still signing in).
 */

import { OAUTH_HANDOFF, type OAuthHandoff, type OAuthService } from "../../protocol/api";
import { randomId } from "../live/random-id";

const POLL_MS = 100;

export function newCredentialToken(): string {
  return randomId(32);
}

export function oauthStartUrl(
  service: OAuthService,
  credentialToken: string,
  style: "popup" | "redirect",
  returnTo = "/",
): string {
  const query = new URLSearchParams({ credentialToken, style, returnTo });
  return `/api/auth/oauth/${service}/start?${query}`;
}

/** A centred popup of the size providers design their pages for. */
export function openPopup(url: string, win: Window = window): Window | null {
  const width = 520;
  const height = 640;
  const left = Math.max(0, win.screenX + (win.outerWidth - width) / 2);
  const top = Math.max(0, win.screenY + (win.outerHeight - height) / 2);
  return win.open(url, "stockroom-oauth", `popup,width=${width},height=${height},left=${left},top=${top}`);
}

function parseHandoff(raw: string | null | undefined, credentialToken: string): OAuthHandoff | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<string, unknown>>;
    if (value.credentialToken !== credentialToken) return null;
    if (typeof value.credentialSecret === "string")
      return { credentialToken, credentialSecret: value.credentialSecret };
    if (typeof value.error === "string") return { credentialToken, error: value.error };
  } catch {
    // Not ours or damaged: keep waiting.
  }
  return null;
}

export interface HandoffWait {
  /** Resolves with the hand-off, or null once `cancel` is called. */
  result: Promise<OAuthHandoff | null>;
  cancel(): void;
}

/**
 * Waits for the hand-off of one sign-in attempt. `onPopupClosed` fires once
 * the popup reads as closed with nothing handed over yet; the wait goes on
 * until `cancel` (see the module comment for why).
 */
export function waitForHandoff(
  credentialToken: string,
  popup: Pick<Window, "closed"> | null,
  onPopupClosed: () => void,
  storage: Storage = localStorage,
): HandoffWait {
  const key = OAUTH_HANDOFF.POPUP_KEY_PREFIX + credentialToken;
  let finish: (value: OAuthHandoff | null) => void = () => {};
  const result = new Promise<OAuthHandoff | null>((resolve) => {
    finish = resolve;
  });
  let closedNoticed = false;
  let channel: BroadcastChannel | null = null;

  const done = (value: OAuthHandoff | null) => {
    clearInterval(timer);
    channel?.close();
    storage.removeItem(key);
    finish(value);
  };
  const check = () => {
    const handoff = parseHandoff(storage.getItem(key), credentialToken);
    if (handoff) return done(handoff);
    if (!closedNoticed && popup?.closed) {
      closedNoticed = true;
      onPopupClosed();
    }
  };
  const timer = setInterval(check, POLL_MS);
  if (typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(OAUTH_HANDOFF.CHANNEL);
    channel.onmessage = (event: MessageEvent) => {
      const handoff = parseHandoff(JSON.stringify(event.data), credentialToken);
      if (handoff) done(handoff);
    };
  }
  return { result, cancel: () => done(null) };
}

/** The hand-off a redirect-style sign-in left for this page load, taken once. */
export function takeRedirectHandoff(storage: Storage = sessionStorage): OAuthHandoff | null {
  const raw = storage.getItem(OAUTH_HANDOFF.REDIRECT_KEY);
  if (!raw) return null;
  storage.removeItem(OAUTH_HANDOFF.REDIRECT_KEY);
  try {
    const value = JSON.parse(raw) as { credentialToken?: unknown };
    return typeof value.credentialToken === "string" ? parseHandoff(raw, value.credentialToken) : null;
  } catch {
    return null;
  }
}
