import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONNECTION_CLOSED } from "../../app/live";
import { connect } from "./live-fake-socket";

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("closing a connection for good", () => {
  it("ends subscriptions still waiting for ready, and fails pending calls", async () => {
    const live = connect();
    live.handshake();
    const handle = live.connection.subscribe("items");
    const ready = handle.ready();
    const call = live.connection.call("items.add", { title: "x" });
    live.connection.close();
    await expect(ready).rejects.toMatchObject({ error: CONNECTION_CLOSED });
    await expect(call).rejects.toMatchObject({ error: CONNECTION_CLOSED });
  });
});
