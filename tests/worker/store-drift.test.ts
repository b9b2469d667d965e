/**
 * The drift check (docs/stock.md, "The drift check"): every linked
 * variant's stock at every mapped location compared with the fake store's
 * (tests/support/fake-shopify.ts, at the HTTP boundary); differences are
 * listed and never corrected by themselves; per line, the store's count is
 * taken (a correction here, not sent back) or ours is sent (an adjustment
 * there); the daily check runs at the room's alarm and the daily e-mail
 * says what it found.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { nextHourIn } from "../../protocol/time-zones";
import { runDueDigest } from "../../worker/inventory/low-stock-digest";
import type { RoomHost } from "../../worker/rooms/room-host";
import { DRIFT_EVERY_MS, runDueDriftCheck } from "../../worker/store/store-drift";
import type { DdpSocket } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { outboxMails } from "./outbox";
import { roomRow, roomStub } from "./room-rows";
import { quantity, shopWithItem } from "./store-stock-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const SHOP_FLOOR = "gid://shopify/Location/1";

/** The `drift` document as the socket has it now. */
function driftDoc(socket: DdpSocket): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const message of socket.received) {
    if (message.collection !== "store" || message.id !== "drift") continue;
    if (message.msg === "added" || message.msg === "changed") Object.assign(doc, message.fields);
  }
  return doc;
}

async function checkAndWait(socket: DdpSocket) {
  const before = driftDoc(socket).checkedAt;
  expect((await socket.call("store.checkDrift", [])).result).toEqual({ started: true });
  await expect
    .poll(() => {
      const doc = driftDoc(socket);
      return doc.running === false && doc.checkedAt !== before;
    })
    .toBe(true);
  return driftDoc(socket);
}

const inRoom = <T>(roomId: string, work: (host: RoomHost) => Promise<T>) =>
  runInDurableObject(roomStub(roomId), (instance) => work((instance as unknown as { liveHost: RoomHost }).liveHost));

describe("the drift check", () => {
  it("lists where the store and the room differ, corrects nothing by itself, and takes one side per line", async () => {
    const { fake, roomId, socket, itemId } = await shopWithItem();
    const mugId = (await socket.call("items.add", [{ title: "Mug", sku: "MUG-1", priceCents: 800, quantity: 4 }]))
      .result as string;
    expect((await socket.call("store.publish", [mugId])).error).toBeUndefined();
    const tee = [...fake.products.values()].find((product) => product.title === "Tee");
    const mug = [...fake.products.values()].find((product) => product.title === "Mug");
    const mugItem = mug?.variant.id.replace("ProductVariant", "InventoryItem") ?? "";
    // Changed in Shopify's admin with no webhook to tell the room (none reaches a room without https).
    fake.updateProduct(tee?.id ?? "", { variant: { inventoryQuantity: 7 } });
    fake.updateProduct(mug?.id ?? "", { variant: { inventoryQuantity: 9 } });
    await socket.subscribe("store");

    const checked = await checkAndWait(socket);
    expect(checked).toMatchObject({ checked: 2, total: 2, differences: 2, error: "" });
    // In the room's order of items (their ids), not the order they were made: sorted here by title.
    const lines = [...(checked.lines as { title: string }[])].sort((a, b) => a.title.localeCompare(b.title));
    expect(lines).toEqual([
      expect.objectContaining({ itemId: mugId, title: "Mug", here: 4, store: 9 }),
      expect.objectContaining({
        itemId,
        title: "Tee",
        locationId: "main",
        storeLocationId: SHOP_FLOOR,
        here: 10,
        store: 7,
      }),
    ]);
    // Listed, not corrected.
    expect(await quantity(roomId, itemId)).toBe(10);
    expect(await quantity(roomId, mugId)).toBe(4);

    // The Tee: the store is right (three broke, written off in Shopify). A correction here, not sent back.
    const tee7 = await socket.call("store.takeStoreCount", [{ itemId, variantId: itemId, locationId: "main" }]);
    expect(tee7.result).toBe(-3);
    expect(await quantity(roomId, itemId)).toBe(7);
    expect(
      await roomRow(
        roomId,
        "SELECT quantity, reason, note FROM movements WHERE item_id = ? ORDER BY rowid DESC LIMIT 1",
        itemId,
      ),
    ).toEqual({ quantity: -3, reason: "correction", note: "Taken from the store's count" });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM store_outbox")).toEqual({ n: 0 });
    // The Mug: ours is right. The store is adjusted by the difference; nothing moves here.
    const mug4 = await socket.call("store.sendOurCount", [{ itemId: mugId, variantId: mugId, locationId: "main" }]);
    expect(mug4.result).toBe(-5);
    await expect.poll(() => fake.levelOf(mugItem, SHOP_FLOOR), { timeout: 15_000 }).toBe(4);
    expect(fake.adjustments.at(-1)).toMatchObject({ reason: "correction", changes: [{ delta: -5 }] });
    expect(await quantity(roomId, mugId)).toBe(4);
    await expect.poll(() => driftDoc(socket).lines).toEqual([]);

    expect(await checkAndWait(socket)).toMatchObject({ differences: 0, lines: [] });
    await expectLedgerAddsUp(roomId);

    // Only owners and admins take a side; a line that is no longer the store's says so.
    expect(
      (await socket.call("store.takeStoreCount", [{ itemId, variantId: itemId, locationId: "elsewhere" }])).error,
    ).toMatchObject({ error: 404, reason: "That variant is not kept in step with the store there" });
    socket.close();
  });

  it("runs once a day at the room's alarm, and the daily e-mail says what differs", async () => {
    const { fake, roomId, socket } = await shopWithItem();
    expect((await socket.call("members.setLowStockEmails", [true])).error).toBeUndefined();
    const tee = [...fake.products.values()][0];
    fake.updateProduct(tee?.id ?? "", { variant: { inventoryQuantity: 6 } });

    const now = Date.now();
    // Not due yet: the first check is a day after the store's stock is kept in step.
    const first = await inRoom(roomId, (host) => runDueDriftCheck(host, now));
    expect(first).toBeGreaterThan(now);
    expect(await inRoom(roomId, (host) => runDueDriftCheck(host, now + 1000))).toBe(first);
    expect(await roomRow(roomId, "SELECT value FROM room_state WHERE key = 'store-drift'")).toBeNull();
    // A day later it runs, and sets the next.
    const next = await inRoom(roomId, (host) => runDueDriftCheck(host, (first as number) + 1000));
    expect(next).toBe((first as number) + 1000 + DRIFT_EVERY_MS);
    const kept = JSON.parse(
      (await roomRow<{ value: string }>(roomId, "SELECT value FROM room_state WHERE key = 'store-drift'"))?.value ??
        "{}",
    );
    expect(kept).toMatchObject({ differences: 1, lines: [expect.objectContaining({ here: 10, store: 6 })] });

    // Nothing is low, but the stock differs: the daily e-mail says so.
    const due = nextHourIn(Date.now(), "UTC", 7);
    await inRoom(roomId, (host) => runDueDigest(host, due + 60_000));
    const mails = (await outboxMails()).filter((mail) => mail.subject.startsWith("Stock differs from the store"));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Stock differs from the store in Test room: 1 variant");
    expect(mails[0]?.text).toContain("Tee at Main: 10 here, 6 in the store");
    socket.close();
  });
});
