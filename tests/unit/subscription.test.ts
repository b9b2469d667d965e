import { describe, expect, it } from "vitest";
import type { DataMessage } from "../../protocol/ddp";
import { ChangeHub } from "../../worker/live/change-hub";
import { MergeBox } from "../../worker/live/merge-box";
import { ObservationPool } from "../../worker/live/observation";
import { LiveSubscription } from "../../worker/live/subscription";
import type { Doc } from "../../worker/live/types";

const caller = { connectionId: "c", sessionId: "s", userId: null, clientAddress: null, origin: null };

/** A subscription whose initial fetch resolves only when the test says so. */
function setUp(initial: Doc[], kind: "observed" | "polled" = "observed", first?: Doc[], firstCount = first?.length) {
  const sent: DataMessage[] = [];
  const hub = new ChangeHub();
  const box = new MergeBox((m) => sent.push(m));
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let fetchStarted: () => void = () => {};
  const fetching = new Promise<void>((resolve) => {
    fetchStarted = resolve;
  });
  let current = initial;
  const fetch = async () => {
    const snapshot = current;
    fetchStarted();
    await gate;
    return snapshot;
  };
  const cursor =
    kind === "observed"
      ? {
          kind,
          collection: "items",
          fetch,
          matches: () => true,
          ...(first ? { first: { count: firstCount, read: async () => first } } : {}),
        }
      : { kind, collection: "items", fetch, intervalMs: 60_000 };
  const subscription = new LiveSubscription("sub", "items", [], "sub#1", box, new ObservationPool(hub), caller, {});
  const started = subscription.start({ args: {} as never, run: () => cursor as never });
  return {
    sent,
    hub,
    started,
    /** Resolves once the first fetch is under way. */
    fetching,
    release,
    setData: (docs: Doc[]) => {
      current = docs;
    },
    subscription,
  };
}

describe("a subscription whose first fetch is still running", () => {
  it("sends a document added meanwhile (observed cursor)", async () => {
    const t = setUp([{ _id: "a", title: "A" }]);
    await t.fetching;
    t.hub.emit({ collection: "items", id: "b", doc: { _id: "b", title: "B" }, previous: null });
    t.release();
    await t.started;
    expect(t.sent.map((m) => [m.msg, m.id])).toEqual([
      ["added", "a"],
      ["added", "b"],
    ]);
  });

  it("removes a document deleted meanwhile, and sends nothing for a change the fetch already saw", async () => {
    const t = setUp([
      { _id: "a", title: "A2" },
      { _id: "gone", title: "G" },
    ]);
    await t.fetching;
    t.hub.emit({ collection: "items", id: "a", doc: { _id: "a", title: "A2" }, previous: { _id: "a", title: "A1" } });
    t.hub.emit({ collection: "items", id: "gone", doc: null, previous: { _id: "gone", title: "G" } });
    t.release();
    await t.started;
    expect(t.sent.map((m) => [m.msg, m.id])).toEqual([
      ["added", "a"],
      ["added", "gone"],
      ["removed", "gone"],
    ]);
  });

  it("sends the first screenful before the full fetch is read, and every document once", async () => {
    const t = setUp(
      [
        { _id: "new", title: "Newest" },
        { _id: "old", title: "Oldest" },
      ],
      "observed",
      [{ _id: "new", title: "Newest" }],
    );
    await t.fetching;
    expect(t.sent.map((m) => [m.msg, m.id])).toEqual([["added", "new"]]);
    t.release();
    await t.started;
    expect(t.sent.map((m) => [m.msg, m.id])).toEqual([
      ["added", "new"],
      ["added", "old"],
    ]);
  });

  it("takes a first screenful shorter than asked for as the whole set: no full fetch, and it is followed", async () => {
    const t = setUp([], "observed", [{ _id: "only", title: "O1" }], 50);
    let fetched = false;
    void t.fetching.then(() => {
      fetched = true;
    });
    await t.started;
    t.hub.emit({
      collection: "items",
      id: "only",
      doc: { _id: "only", title: "O2" },
      previous: { _id: "only", title: "O1" },
    });
    expect(fetched).toBe(false);
    expect(t.sent).toEqual([
      { msg: "added", collection: "items", id: "only", fields: { title: "O1" } },
      { msg: "changed", collection: "items", id: "only", fields: { title: "O2" } },
    ]);
  });

  it("brings a first-screenful document changed while the full fetch ran up to date, once", async () => {
    const t = setUp([{ _id: "new", title: "N2" }], "observed", [{ _id: "new", title: "N1" }]);
    await t.fetching;
    t.hub.emit({
      collection: "items",
      id: "new",
      doc: { _id: "new", title: "N2" },
      previous: { _id: "new", title: "N1" },
    });
    t.release();
    await t.started;
    expect(t.sent).toEqual([
      { msg: "added", collection: "items", id: "new", fields: { title: "N1" } },
      { msg: "changed", collection: "items", id: "new", fields: { title: "N2" } },
    ]);
  });

  it("re-fetches before ready when a polled collection changed meanwhile", async () => {
    const t = setUp([{ _id: "a", title: "A" }], "polled");
    await t.fetching;
    t.setData([
      { _id: "a", title: "A" },
      { _id: "b", title: "B" },
    ]);
    t.hub.emit({ collection: "items", id: "b", doc: { _id: "b", title: "B" }, previous: null });
    t.release();
    await t.started;
    expect(t.sent.map((m) => [m.msg, m.id])).toEqual([
      ["added", "a"],
      ["added", "b"],
    ]);
    t.subscription.stop();
  });
});

describe("a subscription stopped before its publication has returned (the client left while access was checked)", () => {
  it("leaves no observation or listener behind", async () => {
    const hub = new ChangeHub();
    const observations = new ObservationPool(hub);
    const box = new MergeBox(() => {});
    let allow: () => void = () => {};
    const checked = new Promise<void>((resolve) => {
      allow = resolve;
    });
    const subscription = new LiveSubscription("sub", "items", [], "sub#1", box, observations, caller, {});
    let heard = 0;
    const started = subscription.start({
      args: {} as never,
      run: async (ctx) => {
        await checked;
        ctx.onChange(() => {
          heard++;
        });
        return { kind: "observed", collection: "items", key: "all", fetch: async () => [], matches: () => true };
      },
    });
    subscription.stop();
    allow();
    await started;
    expect(observations.size).toBe(0);
    // The listener it registered after its stop is gone too, and nothing reached the client.
    hub.emit({ collection: "items", id: "a", doc: { _id: "a" }, previous: null });
    expect(heard).toBe(0);
    expect(box.documentCount()).toBe(0);
  });
});
