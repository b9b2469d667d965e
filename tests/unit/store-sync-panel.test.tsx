/** The store sync panel and the publish progress list against a scripted server and a scripted queue. */
import { act } from "react";
import { describe, expect, it, vi } from "vitest";
import { errorMessage } from "../../app/components/ErrorText";
import { LiveProvider } from "../../app/live/react";
import { PublishProgress } from "../../app/store/PublishProgress";
import { createPublishQueue } from "../../app/store/publish-queue";
import { StoreSyncPanel, syncProgressLabel } from "../../app/store/StoreSyncPanel";
import type { RoomRole } from "../../protocol/api";
import { LiveError, toWireError } from "../../protocol/errors";
import type { FakeSocket } from "./live-fake-socket";
import { reactHarness } from "./react-harness";

const ui = reactHarness();

const NOW = new Date("2025-03-01T12:00:00Z");

const idleSync = {
  running: false,
  full: false,
  phase: null,
  done: 0,
  total: 0,
  counts: { products: 0, orders: 0, customers: 0 },
  startedAt: null,
  finishedAt: null,
  error: "",
};

function renderPanel(role: RoomRole | null): FakeSocket {
  vi.setSystemTime(NOW);
  const socket = ui.live.handshake();
  act(() =>
    ui.root.render(
      <LiveProvider connection={ui.live.connection}>
        <StoreSyncPanel role={role} />
      </LiveProvider>,
    ),
  );
  const [sub] = socket.sentOf("sub");
  expect(sub).toMatchObject({ name: "store" });
  act(() => {
    socket.receive({
      msg: "added",
      collection: "store",
      id: "connection",
      fields: { connected: true, domain: "shop.myshopify.com", authKind: "access_token", shopName: "Shop" },
    });
    socket.receive({ msg: "added", collection: "store", id: "sync", fields: idleSync });
    socket.receive({ msg: "ready", subs: [sub?.id ?? ""] });
    vi.advanceTimersByTime(5);
  });
  return socket;
}

const changeSync = (socket: FakeSocket, fields: Record<string, unknown>) =>
  act(() => {
    socket.receive({ msg: "changed", collection: "store", id: "sync", fields });
    vi.advanceTimersByTime(5);
  });

const button = (name: string) =>
  [...ui.container.querySelectorAll("button")].find((b) => b.textContent === name) ?? null;

describe("StoreSyncPanel", () => {
  it("starts a sync, shows its phase and progress, then how it ended", async () => {
    const socket = renderPanel("member");
    expect(ui.container.textContent).toContain("Not synced yet.");
    expect(ui.container.querySelector("progress")).toBeNull();

    act(() => button("Sync now")?.click());
    const [call] = socket.sentOf("method");
    expect(call).toMatchObject({ method: "store.sync", params: [{ full: false }] });
    expect(button("Starting…")?.getAttribute("aria-disabled")).toBe("true");
    await act(async () => {
      socket.receive({ msg: "result", id: call?.id ?? "", result: { started: true } });
      socket.receive({ msg: "updated", methods: [call?.id ?? ""] });
    });

    // Running, before the store said how many: an indeterminate bar.
    changeSync(socket, { running: true, phase: "products", startedAt: NOW });
    let bar = ui.container.querySelector("progress");
    expect(bar?.hasAttribute("value")).toBe(false);
    expect(ui.container.textContent).toContain("Syncing products…");
    expect(button("Syncing…")?.getAttribute("aria-disabled")).toBe("true");
    expect(button("Full sync")?.getAttribute("aria-disabled")).toBe("true");

    // A click while running sends nothing.
    act(() => button("Full sync")?.click());
    expect(socket.sentOf("method")).toHaveLength(1);

    changeSync(socket, {
      phase: "orders",
      done: 1250,
      total: 10000,
      counts: { products: 12, orders: 1250, customers: 0 },
    });
    bar = ui.container.querySelector("progress");
    expect(bar?.getAttribute("max")).toBe("10000");
    expect(bar?.getAttribute("value")).toBe("1250");
    const label = document.getElementById(bar?.getAttribute("aria-labelledby") ?? "");
    expect(label?.textContent).toBe(`Syncing orders… ${(1250).toLocaleString()} of ${(10000).toLocaleString()}`);
    expect(ui.container.textContent).toContain("step 2 of 3");

    changeSync(socket, {
      running: false,
      phase: "customers",
      done: 55,
      total: 55,
      counts: { products: 12, orders: 340, customers: 55 },
      finishedAt: NOW,
    });
    expect(ui.container.querySelector("progress")).toBeNull();
    expect(ui.container.querySelector('[data-testid="store-sync-summary"]')?.textContent).toBe(
      "Last synced just now — 12 products, 340 orders, 55 customers",
    );
    expect(button("Sync now")?.getAttribute("aria-disabled")).toBe("false");

    changeSync(socket, { error: "Shopify refused the request." });
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toBe(
      "Sync stopped: Shopify refused the request. What was synced is kept; the next sync goes on from there.",
    );
  });

  it("asks for a full sync, says when one is running already, and shows a refusal", async () => {
    const socket = renderPanel("admin");
    act(() => button("Full sync")?.click());
    const [first] = socket.sentOf("method");
    expect(first).toMatchObject({ method: "store.sync", params: [{ full: true }] });
    await act(async () => {
      socket.receive({ msg: "result", id: first?.id ?? "", result: { started: false } });
      socket.receive({ msg: "updated", methods: [first?.id ?? ""] });
    });
    expect(ui.container.querySelector('[role="status"]')?.textContent).toContain("A sync is already running");

    act(() => button("Sync now")?.click());
    const second = socket.sentOf("method")[1];
    await act(async () => {
      socket.receive({
        msg: "result",
        id: second?.id ?? "",
        error: toWireError(new LiveError(409, "Service not configured")),
      });
      socket.receive({ msg: "updated", methods: [second?.id ?? ""] });
    });
    expect(ui.container.querySelector('[role="alert"]')?.textContent).toBe("Service not configured");
  });

  it("shows viewers the state without the buttons", () => {
    const socket = renderPanel("viewer");
    expect(ui.container.querySelectorAll("button")).toHaveLength(0);
    expect(ui.container.textContent).toContain("Not synced yet.");
    changeSync(socket, { running: true, phase: "customers", done: 3, total: 0 });
    expect(ui.container.textContent).toContain("Syncing customers… 3 so far");
  });

  it("labels the phases", () => {
    expect(syncProgressLabel({ phase: null, done: 0, total: 0 })).toBe("Starting the sync…");
    expect(syncProgressLabel({ phase: "products", done: 0, total: 0 })).toBe("Syncing products…");
    expect(syncProgressLabel({ phase: "products", done: 12, total: 10 })).toBe("Syncing products… 10 of 10");
  });
});

describe("PublishProgress", () => {
  it("lists each item's state, stops, and retries the failed ones", async () => {
    vi.useRealTimers();
    const answers = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
    const sent: string[] = [];
    const queue = createPublishQueue({
      items: ["Vase", "Bowl", "Cup", "Plate", "Jug"].map((title) => ({ id: title.toLowerCase(), title })),
      send: (id) => {
        sent.push(id);
        return new Promise((resolve, reject) => answers.set(id, { resolve: () => resolve(null), reject }));
      },
      describeError: errorMessage,
    });
    act(() => ui.root.render(<PublishProgress queue={queue} action="publish" onDismiss={() => {}} />));
    await act(async () => {
      void queue.run();
    });
    const rows = () => [...ui.container.querySelectorAll("li")].map((li) => li.textContent);
    expect(rows()).toEqual(["Vasepublishing…", "Bowlpublishing…", "Cuppublishing…", "Platewaiting", "Jugwaiting"]);
    expect(document.activeElement?.textContent).toBe("Publishing to the store");
    expect(ui.container.querySelector("progress")?.getAttribute("value")).toBe("0");

    await act(async () => {
      answers.get("vase")?.resolve();
      answers.get("bowl")?.reject(new LiveError(400, "Price is required"));
    });
    expect(rows()).toEqual([
      "Vasepublished",
      "Bowlfailed: Price is required",
      "Cuppublishing…",
      "Platepublishing…",
      "Jugpublishing…",
    ]);
    expect(ui.container.textContent).toContain("2 of 5");

    // Nothing is waiting any more: "Stop sending" has nothing to stop.
    expect(button("Stop sending")?.getAttribute("aria-disabled")).toBe("true");
    await act(async () => {
      for (const id of ["cup", "plate", "jug"]) answers.get(id)?.resolve();
    });
    expect(ui.container.querySelector('[role="status"]')?.textContent).toBe("4 published, 1 failed");
    expect(button("Stop sending")).toBeNull();

    sent.length = 0;
    await act(async () => button("Retry failed")?.click());
    expect(sent).toEqual(["bowl"]);
    await act(async () => answers.get("bowl")?.resolve());
    expect(ui.container.querySelector('[role="status"]')?.textContent).toBe("5 published");
    expect(button("Retry failed")).toBeNull();
  });

  it("stop leaves the items not sent yet out", async () => {
    vi.useRealTimers();
    const answers: Array<() => void> = [];
    const queue = createPublishQueue({
      items: ["A", "B", "C", "D", "E"].map((title) => ({ id: title, title })),
      send: () => new Promise((resolve) => answers.push(() => resolve(null))),
    });
    act(() => ui.root.render(<PublishProgress queue={queue} action="unpublish" onDismiss={() => {}} />));
    await act(async () => {
      void queue.run();
    });
    await act(async () => button("Stop sending")?.click());
    expect(button("Stopping…")?.getAttribute("aria-disabled")).toBe("true");
    await act(async () => {
      for (const answer of answers) answer();
    });
    expect(ui.container.querySelector('[role="status"]')?.textContent).toBe("3 unpublished, 2 not sent");
    expect([...ui.container.querySelectorAll("li")].map((li) => li.dataset.state)).toEqual([
      "done",
      "done",
      "done",
      "stopped",
      "stopped",
    ]);
    expect(button("Send the rest")).not.toBeNull();
  });
});
