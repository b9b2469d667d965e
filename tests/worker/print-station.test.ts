/**
 * The print station (worker/printing/, docs/printing.md): an item added, a
 * receipt or an order's delivery queues its labels in the write's own
 * transaction while the queue takes that kind; one tab at a time is the
 * station, takes the waiting labels as a batch, prints them and says so;
 * everyone in the room sees the queue and what waits.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRows } from "./room-rows";

async function memberOf(roomId: string, role: string): Promise<DdpSocket & { userId: string }> {
  const person = await signUpUser();
  const { socket } = await connectToRoom(roomId);
  expect((await socket.call("members.invite", [person.email, role])).error).toBeUndefined();
  socket.close();
  return Object.assign((await connectToRoom(roomId, { token: person.token })).socket, { userId: person.id });
}

const result = async <T>(socket: DdpSocket, method: string, params: unknown[]): Promise<T> => {
  const answer = await socket.call(method, params);
  expect(answer.error, method).toBeUndefined();
  return answer.result as T;
};

const ALL_KINDS = { kinds: ["added", "received", "order"], copies: "unit", paper: "ql-62", code: "qr" };

const jobs = (roomId: string) =>
  roomRows<{ id: string; kind: string; title: string; labels: number; cut: number; status: string }>(
    roomId,
    "SELECT id, kind, title, labels, cut, status FROM print_jobs ORDER BY created_at, rowid",
  );

const station = (socket: DdpSocket) =>
  socket.held("printStation").get("station") as Record<string, unknown> | undefined;

interface Batch {
  jobs: { id: string; title: string; labels: number }[];
  labels: {
    jobId: string;
    itemId: string;
    variantId: string;
    title: string;
    variantName: string;
    sku: string;
    copies: number;
  }[];
}

describe("the print queue", () => {
  it("queues a label for each unit added or received, only while it is on, and only with the write it is for", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const viewer = await memberOf(roomId, "viewer");
    const counter = await memberOf(roomId, "counter");
    expect((await viewer.subscribe("print.station", [], "station")).msg).toBe("ready");
    expect(station(viewer)).toMatchObject({ settings: { kinds: [] }, station: null, waitingJobs: 0 });

    // Off: nothing waits for a station nobody keeps.
    const mug = await result<string>(owner, "items.add", [{ title: "Mug", sku: "MUG-1", quantity: 2 }]);
    expect(await jobs(roomId)).toEqual([]);
    // Only those who edit the catalogue set it up.
    expect((await counter.call("print.settings", [ALL_KINDS])).error).toMatchObject({ error: 403 });
    expect((await owner.call("print.settings", [{ ...ALL_KINDS, paper: "a5" }])).error).toMatchObject({
      error: 400,
      reason: "Choose one of the label papers",
    });
    await result(owner, "print.settings", [ALL_KINDS]);
    await expect.poll(() => station(viewer)).toMatchObject({ settings: ALL_KINDS });

    // An item added with 3 units: 3 labels; with none, still its one label.
    await result(owner, "items.add", [{ title: "Lamp", sku: "LAMP-1", quantity: 3 }]);
    await result(owner, "items.add", [{ title: "Card", sku: "CARD-1" }]);
    // A write refused queues nothing.
    expect((await owner.call("items.add", [{ title: "Other lamp", sku: "LAMP-1", quantity: 4 }])).error).toMatchObject({
      error: 409,
    });
    // A counter's receipt queues its units; a sale none.
    await result(counter, "stock.adjust", [{ itemId: mug, locationId: "main", quantity: 5, reason: "received" }]);
    await result(owner, "stock.adjust", [{ itemId: mug, locationId: "main", quantity: -1, reason: "sold" }]);
    expect((await jobs(roomId)).map(({ kind, title, labels }) => [kind, title, labels])).toEqual([
      ["added", "Lamp", 3],
      ["added", "Card", 1],
      ["received", "Mug", 5],
    ]);
    await expect.poll(() => station(viewer)).toMatchObject({ waitingJobs: 3, waitingLabels: 9, printingLabels: 0 });
    expect(viewer.held("printJobs").size).toBe(0);
    expect((await viewer.subscribe("print.queue", [], "queue")).msg).toBe("ready");
    expect([...viewer.held("printJobs").values()].map((job) => job.title)).toEqual(["Lamp", "Card", "Mug"]);

    // A variant's receipt names it; one label a variant when the room asks for that.
    const tee = await result<string>(owner, "items.add", [{ title: "Tee", sku: "TEE" }]);
    await result(owner, "items.setVariants", [
      tee,
      {
        options: ["Size"],
        variants: [
          { _id: tee, values: ["S"], sku: "TEE-S" },
          { values: ["M"], sku: "TEE-M" },
        ],
      },
    ]);
    await result(owner, "print.settings", [{ ...ALL_KINDS, copies: "one" }]);
    await result(owner, "stock.adjust", [
      { itemId: tee, variantId: tee, locationId: "main", quantity: 4, reason: "received" },
    ]);
    // Receipts left out of the queue queue nothing.
    await result(owner, "print.settings", [{ ...ALL_KINDS, kinds: ["added", "order"] }]);
    await result(owner, "stock.adjust", [{ itemId: mug, locationId: "main", quantity: 2, reason: "received" }]);
    expect((await jobs(roomId)).slice(4).map(({ kind, title, labels }) => [kind, title, labels])).toEqual([
      ["received", "Tee — S", 1],
    ]);

    // A delivery of more than a job holds is cut at 1,000 labels, and says so.
    await result(owner, "print.settings", [ALL_KINDS]);
    await result(owner, "stock.adjust", [{ itemId: mug, locationId: "main", quantity: 1_200, reason: "received" }]);
    expect((await jobs(roomId)).at(-1)).toMatchObject({ title: "Mug", labels: 1_000, cut: 200 });
    await expectLedgerAddsUp(roomId);
    for (const socket of [owner, viewer, counter]) socket.close();
  });

  it("queues an order's delivery as one job of the good units, named by the order", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    await result(owner, "print.settings", [{ ...ALL_KINDS, kinds: ["order"] }]);
    const acme = await result<string>(owner, "suppliers.add", [{ name: "Acme" }]);
    const mug = await result<string>(owner, "items.add", [{ title: "Mug", sku: "MUG-1" }]);
    const jug = await result<string>(owner, "items.add", [{ title: "Jug", sku: "JUG-1" }]);
    const order = await result<string>(owner, "purchaseOrders.create", [{ supplierId: acme }]);
    await result(owner, "purchaseOrders.setLine", [order, { itemId: mug, quantity: 3 }]);
    const jugLine = await result<string>(owner, "purchaseOrders.setLine", [order, { itemId: jug, quantity: 2 }]);
    await result(owner, "purchaseOrders.move", [order, "ordered"]);
    for (let i = 0; i < 3; i++) await result(owner, "purchaseOrders.count", [order, { code: "MUG-1" }]);
    await result(owner, "purchaseOrders.count", [order, { lineId: jugLine }]);
    await result(owner, "purchaseOrders.count", [order, { lineId: jugLine, damaged: true }]);
    // Counting is not stock yet: nothing to label until it is accepted.
    expect(await jobs(roomId)).toEqual([]);
    await result(owner, "purchaseOrders.accept", [order, {}]);
    const [job] = await jobs(roomId);
    expect(job).toMatchObject({ kind: "order", title: "PO-0001 from Acme", labels: 4, status: "waiting" });
    expect(
      await roomRows(
        roomId,
        "SELECT item_id, copies FROM print_job_lines WHERE job_id = ? ORDER BY position",
        String(job?.id),
      ),
    ).toEqual([
      { item_id: mug, copies: 3 },
      { item_id: jug, copies: 1 },
    ]);
    await expectLedgerAddsUp(roomId);
    owner.close();
  });
});

describe("the print station", () => {
  it("is one tab at a time, takes what waits as a batch, prints it and says so; a new station takes over", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const counter = await memberOf(roomId, "counter");
    await result(owner, "print.settings", [ALL_KINDS]);
    const lamp = await result<string>(owner, "items.add", [
      { title: "Lamp", sku: "LAMP-1", priceCents: 1500, quantity: 2 },
    ]);
    await result(owner, "items.add", [{ title: "Card", sku: "CARD-1" }]);
    expect((await counter.subscribe("print.station", [], "station")).msg).toBe("ready");
    expect(station(counter)).toMatchObject({ station: null, waitingJobs: 2, waitingLabels: 3 });

    // A counter cannot be the station: its labels publish items' share pages.
    expect((await counter.call("print.claim", ["counter-tab-1", "Phone"])).error).toMatchObject({ error: 403 });
    // A tab claims the station, then holds it open; everyone sees which and that it is there.
    const { socket: till } = await connectToRoom(roomId);
    await result(till, "print.claim", ["till-tab-01", "Till PC"]);
    await expect.poll(() => station(counter)).toMatchObject({ station: { name: "Till PC", online: false } });
    expect((await till.subscribe("print.attend", ["till-tab-01"], "attend")).msg).toBe("ready");
    await expect.poll(() => station(counter)).toMatchObject({ station: { id: "till-tab-01", online: true } });
    expect((await owner.call("print.take", ["other-tab-01"])).error).toMatchObject({
      error: 409,
      reason: "This tab is not the print station now: Till PC is",
    });

    const batch = await result<Batch>(till, "print.take", ["till-tab-01"]);
    expect(batch.jobs.map((job) => [job.title, job.labels])).toEqual([
      ["Lamp", 2],
      ["Card", 1],
    ]);
    expect(batch.labels[0]).toMatchObject({ itemId: lamp, variantId: lamp, title: "Lamp", sku: "LAMP-1", copies: 2 });
    await expect.poll(() => station(counter)).toMatchObject({ waitingJobs: 0, printingLabels: 3 });
    // The station reloaded before it said it printed: it gets the same batch again, not a new one.
    const resumed = await result<Batch>(till, "print.take", ["till-tab-01"]);
    expect(resumed.jobs.map((job) => job.id)).toEqual(batch.jobs.map((job) => job.id));

    // Another tab claims the station: what the first took and did not print waits again, for it.
    const { socket: office } = await connectToRoom(roomId);
    await result(office, "print.claim", ["office-tab-1", "Back office"]);
    expect((await office.subscribe("print.attend", ["office-tab-1"], "attend")).msg).toBe("ready");
    await expect.poll(() => station(counter)).toMatchObject({ station: { name: "Back office" }, waitingLabels: 3 });
    expect((await till.call("print.take", ["till-tab-01"])).error).toMatchObject({
      reason: "This tab is not the print station now: Back office is",
    });
    // The first tab, coming back (a reconnect), cannot take the station back by itself.
    expect((await till.subscribe("print.attend", ["till-tab-01"], "attend-again")).error).toMatchObject({ error: 409 });
    const again = await result<Batch>(office, "print.take", ["office-tab-1"]);
    expect(again.jobs).toHaveLength(2);
    // The first station's word that it printed counts no more: they are the new station's now.
    expect(await result(till, "print.done", ["till-tab-01", again.jobs.map((job) => job.id)])).toEqual({ printed: 0 });
    expect(await result(office, "print.done", ["office-tab-1", again.jobs.map((job) => job.id)])).toEqual({
      printed: 2,
    });
    await expect.poll(() => station(counter)).toMatchObject({ waitingJobs: 0, waitingLabels: 0, printingLabels: 0 });
    expect((await jobs(roomId)).map((job) => job.status)).toEqual(["printed", "printed"]);

    // A printed job queued again; a waiting one taken off by an editor, not by a counter.
    const copy = await result<string>(owner, "print.again", [again.jobs[0]?.id]);
    expect((await counter.call("print.skip", [copy])).error).toMatchObject({ error: 403 });
    await result(owner, "print.skip", [copy]);
    expect((await owner.call("print.skip", [copy])).error).toMatchObject({
      error: 409,
      reason: "Only a job still waiting can be taken off the queue",
    });

    // The station's page closes: it is still the station, not open; labels wait for it.
    office.close();
    await expect.poll(() => station(counter)).toMatchObject({ station: { name: "Back office", online: false } });
    await result(counter, "stock.adjust", [{ itemId: lamp, locationId: "main", quantity: 1, reason: "received" }]);
    await expect.poll(() => station(counter)).toMatchObject({ waitingJobs: 1, waitingLabels: 1 });
    // Stopped on purpose: no station at all.
    await result(owner, "print.release", ["office-tab-1"]);
    await expect.poll(() => station(counter)).toMatchObject({ station: null });
    await expectLedgerAddsUp(roomId);
    for (const socket of [owner, counter, till]) socket.close();
  });

  it("takes a batch of more than 100 jobs, at most 500 labels at once, and ends a station whose person may no longer keep one", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const member = await memberOf(roomId, "member");
    await result(owner, "print.settings", [ALL_KINDS]);
    const mug = await result<string>(owner, "items.add", [{ title: "Mug", sku: "MUG-1", quantity: 400 }]);
    await result(member, "print.claim", ["member-tab-1", "Stockroom PC"]);
    await result(member, "print.done", [
      "member-tab-1",
      (await result<Batch>(member, "print.take", ["member-tab-1"])).jobs.map((job) => job.id),
    ]);
    // A box scanned in one at a time while the station was closed: 120 one-label jobs, one batch.
    for (let i = 0; i < 120; i++) {
      await result(owner, "stock.receive", ["MUG-1", "main", 1]);
    }
    const boxed = await result<Batch>(member, "print.take", ["member-tab-1"]);
    expect(boxed.jobs).toHaveLength(120);
    expect(boxed.labels.reduce((sum, label) => sum + label.copies, 0)).toBe(120);
    await result(member, "print.done", ["member-tab-1", boxed.jobs.map((job) => job.id)]);
    // Two big deliveries: one print dialog's worth at a time.
    await result(owner, "stock.adjust", [{ itemId: mug, locationId: "main", quantity: 400, reason: "received" }]);
    await result(owner, "stock.adjust", [{ itemId: mug, locationId: "main", quantity: 300, reason: "received" }]);
    const first = await result<Batch>(member, "print.take", ["member-tab-1"]);
    expect(first.jobs.map((job) => job.labels)).toEqual([400]);
    await result(member, "print.done", ["member-tab-1", first.jobs.map((job) => job.id)]);
    const second = await result<Batch>(member, "print.take", ["member-tab-1"]);
    expect(second.jobs.map((job) => job.labels)).toEqual([300]);

    // Made a counter, the member's tab stops being the station, and what it held waits again.
    expect((await owner.subscribe("print.station", [], "station")).msg).toBe("ready");
    expect(station(owner)).toMatchObject({ station: { name: "Stockroom PC" }, printingLabels: 300 });
    expect((await owner.call("members.setRole", [member.userId, "counter"])).error).toBeUndefined();
    await expect.poll(() => station(owner)).toMatchObject({ station: null, waitingLabels: 300, printingLabels: 0 });
    await expectLedgerAddsUp(roomId);
    owner.close();
  });
});
