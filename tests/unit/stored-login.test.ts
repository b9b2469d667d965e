import { describe, expect, it, vi } from "vitest";
import { readStoredLogin, watchStoredToken, writeStoredLogin } from "../../app/accounts/stored-login";

describe("the stored login", () => {
  it("round-trips and drops a token within an hour of expiry", () => {
    const now = Date.UTC(2026, 10, 21);
    writeStoredLogin({ token: "t", tokenExpires: new Date(now + 2 * 3600_000), userId: "u" }, localStorage);
    expect(readStoredLogin(localStorage, now)).toEqual({
      token: "t",
      tokenExpires: new Date(now + 2 * 3600_000),
      userId: "u",
    });
    expect(readStoredLogin(localStorage, now + 1.5 * 3600_000)).toBeNull();
    expect(localStorage.getItem("stockroom.loginToken")).toBeNull();
  });

  it("reports another tab's change within 3 s", () => {
    vi.useFakeTimers();
    localStorage.clear();
    const seen: (string | null)[] = [];
    let current: string | null = null;
    const stop = watchStoredToken(
      () => current,
      (token) => {
        seen.push(token);
        current = token;
      },
    );
    localStorage.setItem("stockroom.loginToken", "from-other-tab");
    vi.advanceTimersByTime(2_999);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(["from-other-tab"]);
    localStorage.removeItem("stockroom.loginToken");
    vi.advanceTimersByTime(3_000);
    expect(seen).toEqual(["from-other-tab", null]);
    stop();
    vi.useRealTimers();
  });
});
