/**
 * The browser side of OAuth sign-in: the errors docs/protocol.md §7 names, the popup
 * hand-off through localStorage, a popup closed early, and the redirect
 * style's hand-off on the next page load. The server is played over a fake
 * socket; the popup is a stand-in window.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AccountsClient } from "../../app/accounts";
import { COLLECTION, OAUTH_HANDOFF, PUBLICATION } from "../../protocol/api";
import { connect, type FakeSocket, type Harness } from "./live-fake-socket";

let live: Harness;
let socket: FakeSocket;
let accounts: AccountsClient;

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  // The login cookie sync is not under test here.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response("{}")),
  );
  live = connect();
  socket = live.handshake();
});

afterEach(() => {
  accounts?.dispose();
  live.connection.close();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function servicesArrive(services: string[]): Promise<void> {
  const sub = socket.sentOf("sub").find((m) => m.name === PUBLICATION.LOGIN_SERVICES);
  if (!sub) throw new Error("no login services subscription");
  for (const service of services) {
    socket.receive({
      msg: "added",
      collection: COLLECTION.LOGIN_SERVICES,
      id: service,
      fields: { service, clientId: `${service}-id`, loginStyle: "popup" },
    });
  }
  socket.receive({ msg: "ready", subs: [sub.id] });
  await vi.advanceTimersByTimeAsync(10);
}

function fakePopup(): { closed: boolean } {
  const popup = { closed: false };
  vi.spyOn(window, "open").mockReturnValue(popup as unknown as Window);
  return popup;
}

function credentialTokenOfPopup(): string {
  const url = new URL(String(vi.mocked(window.open).mock.calls[0]?.[0]), "http://stockroom.test");
  expect(url.pathname).toBe("/api/auth/oauth/google/start");
  expect(url.searchParams.get("style")).toBe("popup");
  return url.searchParams.get("credentialToken") ?? "";
}

/** What the end page in the popup does. */
function popupHandsOver(handoff: Record<string, string>): void {
  localStorage.setItem(OAUTH_HANDOFF.POPUP_KEY_PREFIX + handoff.credentialToken, JSON.stringify(handoff));
}

async function answerLogin(userId: string): Promise<unknown> {
  await vi.advanceTimersByTimeAsync(0);
  const call = socket.sentOf("method").findLast((m) => m.method === "login");
  if (!call) throw new Error("login was not called");
  socket.receive({
    msg: "result",
    id: call.id,
    result: { id: userId, token: `token-${userId}`, tokenExpires: new Date(Date.now() + 90 * 86_400_000) },
  });
  socket.receive({ msg: "updated", methods: [call.id] });
  await vi.advanceTimersByTimeAsync(0);
  // After a sign-in the browser asks to be a known device (worker/accounts/known-devices.ts).
  const remember = socket.sentOf("method").findLast((m) => m.method === "accounts.rememberDevice");
  if (!remember) throw new Error("the device was not remembered after the login");
  socket.receive({ msg: "result", id: remember.id, result: `device-key-${userId}` });
  socket.receive({ msg: "updated", methods: [remember.id] });
  await vi.advanceTimersByTimeAsync(10);
  expect(localStorage.getItem("stockroom.deviceKey")).toBe(`device-key-${userId}`);
  return call.params?.[0];
}

describe("OAuth sign-in in the browser", () => {
  it("says the service list has not loaded yet, then which services are not configured", async () => {
    accounts = new AccountsClient(live.connection);
    await expect(accounts.loginWithOAuth("google")).rejects.toMatchObject({
      reason: "Login service configuration not yet loaded",
    });
    await servicesArrive(["google"]);
    expect(accounts.loginServices()?.map((doc) => doc.service)).toEqual(["google"]);
    await expect(accounts.loginWithOAuth("facebook")).rejects.toMatchObject({ reason: "Service not configured" });
  });

  it("reports a popup the browser blocked", async () => {
    accounts = new AccountsClient(live.connection);
    await servicesArrive(["google"]);
    vi.spyOn(window, "open").mockReturnValue(null);
    await expect(accounts.loginWithOAuth("google")).rejects.toMatchObject({
      reason: "The login popup was blocked by the browser",
    });
  });

  it("logs in on the live connection with the credential the popup hands over", async () => {
    accounts = new AccountsClient(live.connection);
    await servicesArrive(["google"]);
    fakePopup();
    const done = accounts.loginWithOAuth("google");
    const credentialToken = credentialTokenOfPopup();
    popupHandsOver({ credentialToken, credentialSecret: "secret-1" });
    await vi.advanceTimersByTimeAsync(100);
    const sent = await answerLogin("u1");
    expect(sent).toEqual({ oauth: { credentialToken, credentialSecret: "secret-1" } });
    await expect(done).resolves.toBe(true);
    expect(accounts.loginState().userId).toBe("u1");
    // The secret does not linger in storage.
    expect(localStorage.getItem(OAUTH_HANDOFF.POPUP_KEY_PREFIX + credentialToken)).toBeNull();
  });

  it("a popup closed first stops waiting, and a sign-in that still finishes logs in", async () => {
    accounts = new AccountsClient(live.connection);
    await servicesArrive(["google"]);
    const popup = fakePopup();
    const done = accounts.loginWithOAuth("google");
    const credentialToken = credentialTokenOfPopup();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(100);
    await expect(done).resolves.toBe(false);
    expect(accounts.loginState().userId).toBeNull();

    popupHandsOver({ credentialToken, credentialSecret: "late" });
    await vi.advanceTimersByTimeAsync(100);
    await answerLogin("u2");
    expect(accounts.loginState().userId).toBe("u2");
  });

  it("a cancelled sign-in rejects with the reason and logs nobody in", async () => {
    accounts = new AccountsClient(live.connection);
    await servicesArrive(["google"]);
    fakePopup();
    const done = accounts.loginWithOAuth("google");
    const credentialToken = credentialTokenOfPopup();
    const outcome = expect(done).rejects.toMatchObject({ reason: "Google sign-in was cancelled." });
    popupHandsOver({ credentialToken, error: "Google sign-in was cancelled." });
    await vi.advanceTimersByTimeAsync(100);
    await outcome;
    expect(socket.sentOf("method").some((m) => m.method === "login")).toBe(false);
  });

  it("ignores a hand-off for another attempt", async () => {
    accounts = new AccountsClient(live.connection);
    await servicesArrive(["google"]);
    fakePopup();
    void accounts.loginWithOAuth("google");
    const credentialToken = credentialTokenOfPopup();
    localStorage.setItem(
      OAUTH_HANDOFF.POPUP_KEY_PREFIX + credentialToken,
      JSON.stringify({ credentialToken: "someone-else", credentialSecret: "x" }),
    );
    await vi.advanceTimersByTimeAsync(300);
    expect(socket.sentOf("method").some((m) => m.method === "login")).toBe(false);
  });

  it("finishes a redirect-style sign-in on the next page load", async () => {
    sessionStorage.setItem(
      OAUTH_HANDOFF.REDIRECT_KEY,
      JSON.stringify({ credentialToken: "redirect-token-000000000", credentialSecret: "s" }),
    );
    accounts = new AccountsClient(live.connection);
    const sent = await answerLogin("u3");
    expect(sent).toEqual({ oauth: { credentialToken: "redirect-token-000000000", credentialSecret: "s" } });
    expect(accounts.loginState().userId).toBe("u3");
    expect(sessionStorage.getItem(OAUTH_HANDOFF.REDIRECT_KEY)).toBeNull();
  });

  it("shows why a redirect-style sign-in failed", async () => {
    sessionStorage.setItem(
      OAUTH_HANDOFF.REDIRECT_KEY,
      JSON.stringify({ credentialToken: "redirect-token-000000001", error: "Facebook sign-in was cancelled." }),
    );
    accounts = new AccountsClient(live.connection);
    await vi.advanceTimersByTimeAsync(10);
    expect(accounts.loginState().loginError).toBe("Facebook sign-in was cancelled.");
    expect(accounts.loginState().userId).toBeNull();
  });
});
