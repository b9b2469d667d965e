import { describe, expect, it } from "vitest";
import { heartbeatAction } from "../../worker/live/heartbeat";

describe("server heartbeat (15 s / 15 s)", () => {
  it("leaves a socket alone that spoke within 15 s", () => {
    expect(heartbeatAction(20_000, 6_000, undefined)).toBe("none");
  });
  it("pings a socket silent for 15 s", () => {
    expect(heartbeatAction(21_000, 6_000, undefined)).toBe("ping");
  });
  it("waits for the answer to an outstanding ping, then closes after 15 s", () => {
    expect(heartbeatAction(30_000, 6_000, 21_000)).toBe("none");
    expect(heartbeatAction(36_000, 6_000, 21_000)).toBe("close");
  });
  it("treats any message after the ping as the answer", () => {
    expect(heartbeatAction(36_000, 22_000, 21_000)).toBe("none");
    expect(heartbeatAction(37_000, 22_000, 21_000)).toBe("ping");
  });
});
