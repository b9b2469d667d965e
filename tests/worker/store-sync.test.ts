/**
 * Publishing to and synchronising from the store (docs/product.md §5), against the fake
 * Shopify Admin API at its HTTP boundary (tests/support/fake-shopify.ts:
 * cursors, cost budget, THROTTLED, token expiry). The live methods, the
 * Admin API client, the write queue, D1 and the dashboard run for real.
 */
import { env, runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FileDoc } from "../../protocol/files";
import { STORE_ERROR } from "../../worker/store/store-errors";
import { scheduleStoreSyncs } from "../../worker/store/sync-job";
import { SYNC_EVERY_MS } from "../../worker/store/sync-schedule";
import { WEBHOOKS_NEED_HTTPS } from "../../worker/store/webhook-subscriptions";
import type { FakeShopify } from "../support/fake-shopify";
import { connectToRoom, createRoom, DdpSocket, ownerToken, signUpUser } from "./ddp-socket";
import { jpegLike, startLive, writeLive } from "./files-helpers";
import { roomRow, roomRows } from "./room-rows";
import { connectedRoom, fakeStore, syncAndWait, syncDoc } from "./store-sync-helpers";
import { connectStoreDirectly, deliverWebhook } from "./webhook-helpers";

function roomStub(roomId: string) {
  const namespace = env.ROOM as unknown as DurableObjectNamespace;
  return namespace.get(namespace.idFromName(roomId));
}

afterEach(() => {
  vi.restoreAllMocks();
});

const count = async (table: string, roomId: string) =>
  (await roomRow(roomId, `SELECT count(*) AS n FROM ${table} WHERE room_id = ?`, roomId))?.n;

const itemRow = (roomId: string, id: string) => roomRow(roomId, "SELECT * FROM items WHERE id = ?", id);

describe("store sync", () => {
  it("brings in products, orders and customers page by page, with live progress, and the dashboard counts the orders", async () => {
    const fake = fakeStore();
    const vase = fake.addProduct({
      title: "Blue vase",
      descriptionHtml: "<p>Hand made &amp; glazed</p>",
      variant: { sku: "V-1", price: "24.00", inventoryQuantity: 3 },
    });
    fake.addProduct({
      title: "Oak chair",
      status: "DRAFT",
      variant: { sku: "", price: "80.00", inventoryQuantity: 1 },
    });
    fake.addOrders(60);
    const { roomId, socket } = await connectedRoom(fake);
    // An item already here with the product's SKU is linked, not doubled.
    const existing = (await socket.call("items.add", [{ title: "Vase (ours)", sku: "V-1" }])).result as string;
    await socket.subscribe("dashboard");

    const done = await syncAndWait(socket);
    expect(done).toMatchObject({ running: false, error: "", counts: { products: 2, orders: 60, customers: 15 } });
    expect(done.finishedAt).toBeInstanceOf(Date);

    // Progress went out while it ran: the orders phase with the store's count.
    const progress = socket.received.filter((m) => m.msg === "changed" && m.collection === "store" && m.id === "sync");
    expect(progress.some((m) => (m.fields as { phase?: string })?.phase === "orders")).toBe(true);
    expect(progress.some((m) => (m.fields as { total?: number })?.total === 60)).toBe(true);
    // 60 orders in pages of 25: three pages, cursors followed to the end.
    expect(fake.calls.filter((call) => call.operation === "StockroomOrders").map((call) => call.records)).toEqual([
      25, 25, 10,
    ]);

    expect(await count("orders", roomId)).toBe(60);
    expect(await count("customers", roomId)).toBe(15);
    const linked = await itemRow(roomId, existing);
    expect(linked).toMatchObject({
      store_product_id: vase.id,
      title: "Blue vase",
      description: "Hand made & glazed",
      price_cents: 2400,
      quantity: 3,
    });
    const chair = await roomRow(roomId, "SELECT * FROM items WHERE room_id = ? AND title = 'Oak chair'", roomId);
    expect(chair).toMatchObject({ status: "draft", price_cents: 8000, currency: "EUR" });

    const summary = await socket.next(
      (m) =>
        m.collection === "dashboard" &&
        JSON.stringify(m.fields ?? {}).includes("ordersPlaced") &&
        (m.fields as { ordersPlaced?: unknown[] }).ordersPlaced?.length !== 0,
    );
    expect(JSON.stringify(summary.fields)).toContain("EUR");
    socket.close();
  });

  it("an incremental sync reads only what changed since the last one", async () => {
    const fake = fakeStore();
    fake.addOrders(30);
    const { roomId, socket } = await connectedRoom(fake);
    await syncAndWait(socket);
    const [first] = fake.orders.values();
    if (!first) throw new Error("no orders");
    fake.updateOrder(first.id, { total: { amount: "99.00", currencyCode: "EUR" } });
    fake.addOrder({ name: "#new" });
    fake.calls.length = 0;

    const done = await syncAndWait(socket);
    expect(done.error).toBe("");
    const read = fake.calls.filter((call) => call.operation === "StockroomOrders");
    // The changed and the new order, and at most the boundary order read again.
    const orders = read.reduce((sum, call) => sum + call.records, 0);
    expect(orders).toBeGreaterThanOrEqual(2);
    expect(orders).toBeLessThanOrEqual(3);
    expect(read[0]?.variables.query).toMatch(/^updated_at:>='/);
    expect(await count("orders", roomId)).toBe(31);
    const changed = await roomRow(roomId, "SELECT total_cents FROM orders WHERE store_order_id = ?", first.id);
    expect(changed?.total_cents).toBe(9900);

    // A full sync reads everything again (and changes nothing).
    fake.calls.length = 0;
    const full = await syncAndWait(socket, { full: true });
    expect(full.counts).toMatchObject({ orders: 31 });
    expect(await count("orders", roomId)).toBe(31);
    socket.close();
  });

  it("backs off when the store throttles, renews an expired token, and completes", async () => {
    const fake = fakeStore();
    fake.addOrders(40);
    const { roomId, socket } = await connectedRoom(fake);
    fake.throttleNext = 3;
    fake.expireTokens();
    const done = await syncAndWait(socket);
    expect(done).toMatchObject({ error: "", counts: { orders: 40 } });
    // The three forced refusals, and any the budget itself made (a products page costs 842 points).
    expect(fake.calls.filter((call) => call.throttled).length).toBeGreaterThanOrEqual(3);
    // One token at connect, one after the store refused the expired one.
    expect(fake.tokenRequests).toHaveLength(2);
    expect(await count("orders", roomId)).toBe(40);
    socket.close();
  });

  it("paces itself by the reported cost budget instead of being refused", async () => {
    // A small bucket restored slowly: each orders page (802 points) needs the budget to refill.
    const fake = fakeStore({ maximumAvailable: 1_000, restoreRate: 2_000 });
    fake.addOrders(75);
    const { socket } = await connectedRoom(fake);
    const done = await syncAndWait(socket);
    expect(done).toMatchObject({ error: "", counts: { orders: 75 } });
    socket.close();
  });

  it("a store error stops the sync, says so, keeps what is in, and the next sync goes on from there", async () => {
    const fake = fakeStore();
    fake.addProduct({ title: "Lamp" });
    fake.addOrders(30);
    const { roomId, socket } = await connectedRoom(fake);
    fake.failOperation = {
      operation: "StockroomCustomers",
      message: "Internal error. Looks like something went wrong on our end.",
    };
    const failed = await syncAndWait(socket);
    expect(failed.running).toBe(false);
    expect(failed.error).toBe(
      "The store answered with an error: Internal error. Looks like something went wrong on our end.",
    );
    expect(await count("orders", roomId)).toBe(30);
    const marks = await roomRow(roomId, "SELECT * FROM store_connections WHERE room_id = ?", roomId);
    expect(marks?.orders_synced_to).toBeTypeOf("number");
    expect(marks?.customers_synced_to).toBeNull();
    expect(marks?.last_sync_error).toContain("Internal error");

    // Garbage from the store is reported in words, never as a finished sync.
    fake.failOperation = null;
    fake.garbageNext = 1;
    const garbage = await syncAndWait(socket);
    expect(garbage.error).toBe(STORE_ERROR.BAD_ANSWER);

    fake.calls.length = 0;
    const resumed = await syncAndWait(socket);
    expect(resumed.error).toBe("");
    expect(await count("customers", roomId)).toBeGreaterThan(0);
    // Orders were complete: only the boundary order is read again.
    expect(
      fake.calls.filter((call) => call.operation === "StockroomOrders").reduce((sum, call) => sum + call.records, 0),
    ).toBeLessThanOrEqual(1);
    socket.close();
  });

  it("e-mails members who asked about orders the sync finds that were placed after connecting, not about the store's history", async () => {
    const fake = fakeStore();
    fake.addOrders(30);
    const { socket } = await connectedRoom(fake);
    expect((await socket.call("members.setOrderEmails", [true])).error).toBeUndefined();
    // The owner's address, from the members list: only their mail is read (the test files share one outbox).
    await socket.subscribe("members");
    const owner = await socket.next(
      (m) => m.msg === "added" && m.collection === "members" && m.fields?.role === "owner",
    );
    const ownerEmail = (owner.fields as { email: string }).email;
    const placed = fake.addOrder({ name: `#sync-${Date.now()}` });
    await syncAndWait(socket);
    const subjects = async () =>
      (
        await env.DB.prepare("SELECT subject FROM dev_outbox WHERE \"to\" = ? AND subject LIKE 'New order %'")
          .bind(ownerEmail)
          .all()
      ).results.map((row) => row.subject as string);
    await expect.poll(async () => (await subjects()).some((subject) => subject.includes(placed.name))).toBe(true);
    // The 30 older orders were synced in the same run and sent first; none of them was e-mailed.
    expect((await subjects()).filter((subject) => / #\d+ /.test(subject))).toEqual([]);
    socket.close();
  });

  it("disconnecting the store stops a running sync, which says so", async () => {
    // A slow store: each orders page waits for the cost budget, so the sync is still running.
    const fake = fakeStore({ maximumAvailable: 1_000, restoreRate: 500 });
    fake.addOrders(200);
    const { roomId, socket } = await connectedRoom(fake);
    const before = socket.received.length;
    expect((await socket.call("store.sync", [{}])).result).toEqual({ started: true });
    expect((await socket.call("store.sync", [{}])).result).toEqual({ started: false });
    await socket.next(
      (m) => socket.received.indexOf(m) >= before && (m.fields as { phase?: string } | undefined)?.phase === "orders",
    );
    expect((await socket.call("store.disconnect", [])).error).toBeUndefined();
    await socket.next(
      (m) =>
        socket.received.indexOf(m) >= before &&
        m.collection === "store" &&
        m.id === "sync" &&
        (m.fields as { running?: boolean } | undefined)?.running === false,
    );
    expect(syncDoc(socket)).toMatchObject({ running: false, error: "The store was disconnected" });
    expect(await count("orders", roomId)).toBeLessThan(200);
    socket.close();
  });

  it("connecting another shop forgets the old shop's product links and its last sync", async () => {
    const first = fakeStore();
    first.addOrders(3);
    const { roomId, socket } = await connectedRoom(first);
    const itemId = (await socket.call("items.add", [{ title: "Desk", sku: "D-1" }])).result as string;
    expect((await socket.call("store.publish", [itemId])).error).toBeUndefined();
    await syncAndWait(socket);

    const second = fakeStore({ shopName: "New Shop" });
    expect((await socket.call("store.connect", [second.credentials])).error).toBeUndefined();
    expect(await count("store_listings", roomId)).toBe(0);
    // The old shop's links go as a bulk job, a chunk at a time, after the connection is saved.
    await expect
      .poll(() => itemRow(roomId, itemId), { timeout: 15_000 })
      .toMatchObject({ store_product_id: "", status: "ready" });
    expect(await roomRow(roomId, "SELECT kind, status, done FROM bulk_jobs WHERE kind = 'store-unlink'")).toEqual({
      kind: "store-unlink",
      status: "done",
      done: 1,
    });
    // The next sync of the new shop is a full one.
    const marks = await roomRow(
      roomId,
      "SELECT orders_synced_to, last_sync_at FROM store_connections WHERE room_id = ?",
      roomId,
    );
    expect(marks).toEqual({ orders_synced_to: null, last_sync_at: null });
    await expect.poll(() => syncDoc(socket).finishedAt).toBeNull();
    // Publishing now makes the product in the new shop.
    expect((await socket.call("store.publish", [itemId])).error).toBeUndefined();
    expect([...second.products.values()].map((product) => product.title)).toEqual(["Desk"]);
    socket.close();
  });

  it("each connected room syncs its store from its own alarm, and schedules the next one", async () => {
    const fake = fakeStore();
    fake.addOrders(5);
    const { roomId, socket } = await connectedRoom(fake);
    const due = async () =>
      Number((await roomRow(roomId, "SELECT value FROM room_state WHERE key = 'store-sync-due'"))?.value);
    const connectedAt = Date.now();
    // Scheduled on connecting, somewhere in the first interval (rooms connected together drift apart).
    expect(await due()).toBeGreaterThan(connectedAt - SYNC_EVERY_MS);
    expect(await due()).toBeLessThanOrEqual(connectedAt + SYNC_EVERY_MS);

    // Its time comes: the alarm starts the sync and schedules the next, an interval (give or take a fifth) on.
    await roomRows(roomId, "UPDATE room_state SET value = '0' WHERE key = 'store-sync-due'");
    const alarmAt = Date.now();
    expect(await runDurableObjectAlarm(roomStub(roomId))).toBe(true);
    await expect.poll(() => count("orders", roomId)).toBe(5);
    expect(await due()).toBeGreaterThanOrEqual(alarmAt + 0.8 * SYNC_EVERY_MS);
    expect(await due()).toBeLessThanOrEqual(Date.now() + 1.2 * SYNC_EVERY_MS);
    await expect.poll(() => syncDoc(socket).error).toBe("");
    socket.close();
  });

  it("wakes rooms connected before rooms kept their own schedule, once, so each schedules its sync", async () => {
    const roomId = await createRoom();
    await connectStoreDirectly(roomId, "shpss_old_connection");
    expect(await roomRow(roomId, "SELECT value FROM room_state WHERE key = 'store-sync-due'")).toBeNull();
    await env.DB.prepare("DELETE FROM cron_state WHERE job = 'store-sync-alarms'").run();
    for (let run = 0; run < 50 && !(await scheduleStoreSyncs(env, Date.now())).done; run++);
    expect(await roomRow(roomId, "SELECT value FROM room_state WHERE key = 'store-sync-due'")).toMatchObject({
      value: expect.any(String),
    });
    // One pass only: once through, the job wakes no one.
    expect(await scheduleStoreSyncs(env, Date.now())).toEqual({ woken: 0, done: true });
  });

  it("without a connection says Service not configured; viewers cannot sync or publish", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    expect((await socket.call("store.sync", [])).error).toMatchObject({ error: 404, reason: "Service not configured" });
    const itemId = (await socket.call("items.add", [{ title: "Lamp" }])).result as string;
    expect((await socket.call("store.publish", [itemId])).error).toMatchObject({ reason: "Service not configured" });

    const viewer = await signUpUser();
    expect((await socket.call("members.invite", [viewer.email, "viewer"])).error).toBeUndefined();
    const { socket: viewing } = await connectToRoom(roomId, { token: viewer.token });
    expect((await viewing.call("store.sync", [])).error).toMatchObject({ error: 403 });
    expect((await viewing.call("store.publish", [itemId])).error).toMatchObject({ error: 403 });
    viewing.close();
    socket.close();
  });
});

/** A photo as the app uploads it: the original, then its web copy (what may be shared). */
async function uploadPhoto(socket: DdpSocket, name: string): Promise<string> {
  const upload = async (options: Record<string, unknown>) => {
    const bytes = jpegLike(1000);
    const { started } = await startLive(socket, { name, size: bytes.byteLength, ...options });
    await writeLive(socket, started.uploadId, 1, bytes);
    return (await socket.call("files.finish", [started.uploadId])).result as FileDoc;
  };
  const original = await upload({});
  await upload({ fileId: original._id, version: "web" });
  return original._id;
}

describe("publishing", () => {
  it("publishes an item as a product, follows its edits, unpublishes by archiving, and publishes the same product again", async () => {
    const fake = fakeStore();
    const { roomId, socket } = await connectedRoom(fake);
    const photo = await uploadPhoto(socket, "vase.jpg");
    const itemId = (
      await socket.call("items.add", [
        {
          title: "Blue vase",
          description: "Glazed <b>by hand</b>\nSecond line",
          sku: "V-9",
          priceCents: 2450,
          quantity: 4,
          photos: [photo],
        },
      ])
    ).result as string;

    const published = await socket.call("store.publish", [itemId]);
    expect(published.error).toBeUndefined();
    const productId = (published.result as { storeProductId: string }).storeProductId;
    const product = fake.products.get(productId);
    expect(product).toMatchObject({
      title: "Blue vase",
      descriptionHtml: "Glazed &lt;b&gt;by hand&lt;/b&gt;<br>Second line",
      status: "ACTIVE",
      variant: { sku: "V-9", price: "24.50", inventoryQuantity: 4 },
    });
    // The image is a signed, expiring link to the photo's web copy — never the original.
    expect(product?.images).toHaveLength(1);
    expect(product?.images[0]).toMatch(new RegExp(`^http://stockroom\\.test/.*${photo}.*web.*\\?token=`));
    expect(await itemRow(roomId, itemId)).toMatchObject({ store_product_id: productId, status: "listed" });
    // A label's QR code now opens the product's page in the store.
    const link = async () =>
      ((await socket.call("items.publicLinks", [[itemId]])).result as Record<string, string>)[itemId];
    expect(await link()).toBe(`https://${fake.shop}/products/${product?.handle}`);

    // An edit here follows the item to the store by itself, as only what changed:
    // the product stays whole in the store (no productSet again, images untouched).
    const operations = () => fake.calls.map((call) => call.operation);
    expect(
      (await socket.call("items.update", [itemId, { priceCents: 2000, title: "Blue vase, large" }])).error,
    ).toBeUndefined();
    // The follow-up goes once edits settle; a loaded machine may take a while to get there.
    await expect.poll(() => fake.products.get(productId)?.variant.price, { timeout: 30_000 }).toBe("20.00");
    expect(fake.products.get(productId)).toMatchObject({ title: "Blue vase, large", images: product?.images });
    expect(operations().filter((operation) => operation === "StockroomProductSet")).toHaveLength(1);
    const update = fake.calls.findLast((call) => call.operation === "StockroomProductUpdate");
    expect(update?.variables).toEqual({ product: { id: productId, title: "Blue vase, large" } });

    // Stock goes as adjustments, never as a count set over the store's: a sale in the store meanwhile stays.
    const inventoryItemId = product?.variant.id.replace("ProductVariant", "InventoryItem") ?? "";
    const shopFloor = fake.locations[0]?.id ?? "";
    await socket.call("items.update", [itemId, { quantity: 6 }]);
    await expect.poll(() => fake.levelOf(inventoryItemId, shopFloor), { timeout: 10_000 }).toBe(6);
    const movement = await roomRow<{ id: string }>(roomId, "SELECT id FROM movements ORDER BY rowid DESC LIMIT 1");
    expect(fake.adjustments.at(-1)).toEqual({
      reason: "correction",
      referenceDocumentUri: `gid://stockroom/Movement/${movement?.id}`,
      changes: [{ inventoryItemId, locationId: shopFloor, delta: 2 }],
    });
    // A sale in the store (5 left there), then 3 more counted here: the store has 5 + 3, not 9.
    fake.updateProduct(productId, { variant: { inventoryQuantity: 5 } });
    await socket.call("items.update", [itemId, { quantity: 9 }]);
    await expect.poll(() => fake.levelOf(inventoryItemId, shopFloor), { timeout: 10_000 }).toBe(8);
    expect(fake.operationsNamed("StockroomInventoryAdjust")).toBe(2);

    // Without the store's webhooks (this room has none), a sync brings its count in.
    await syncAndWait(socket);
    expect(await itemRow(roomId, itemId)).toMatchObject({ quantity: 8, title: "Blue vase, large" });
    // That came from the store: nothing goes back (its movement never enters the outbox).
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM store_outbox")).toEqual({ n: 0 });

    // Publishing again with nothing new for the store sends no product or variant change.
    const before = fake.calls.length;
    await socket.call("items.update", [itemId, { location: "Shelf 2" }]);
    expect((await socket.call("store.publish", [itemId])).error).toBeUndefined();
    const sentNow = fake.calls.slice(before).map((call) => call.operation);
    expect(sentNow).not.toContain("StockroomProductUpdate");
    expect(sentNow).not.toContain("StockroomVariantsUpdate");
    expect(sentNow).not.toContain("StockroomProductSet");

    expect((await socket.call("store.unpublish", [itemId])).error).toBeUndefined();
    expect(fake.products.get(productId)?.status).toBe("ARCHIVED");
    expect(await itemRow(roomId, itemId)).toMatchObject({ store_product_id: productId, status: "ready" });
    expect(await link()).toMatch(/^http:\/\/stockroom\.test\/s\/[A-Za-z0-9]{10}$/);

    const again = await socket.call("store.publish", [itemId]);
    expect((again.result as { storeProductId: string }).storeProductId).toBe(productId);
    expect(fake.products.get(productId)?.status).toBe("ACTIVE");
    expect(fake.products.size).toBe(1);
    socket.close();
  });

  it("a product that came from the store keeps what it has there: a photo added here joins its images, its formatted description stays", async () => {
    const fake = fakeStore();
    const theirs = fake.addProduct({
      title: "Linen shirt",
      descriptionHtml: "<ul><li>Pure linen</li></ul>",
      images: ["https://cdn.shopify.test/shirt-front.jpg", "https://cdn.shopify.test/shirt-back.jpg"],
      variant: { sku: "LS-1", price: "60.00", inventoryQuantity: 3 },
    });
    const { roomId, socket } = await connectedRoom(fake);
    await syncAndWait(socket);
    const item = await roomRow(roomId, "SELECT id FROM items WHERE room_id = ? AND sku = 'LS-1'", roomId);
    const itemId = item?.id as string;
    const photo = await uploadPhoto(socket, "detail.jpg");
    expect((await socket.call("items.addPhoto", [itemId, photo])).error).toBeUndefined();
    await expect.poll(() => fake.products.get(theirs.id)?.images.length, { timeout: 10_000 }).toBe(3);
    expect(fake.products.get(theirs.id)).toMatchObject({
      descriptionHtml: "<ul><li>Pure linen</li></ul>",
      title: "Linen shirt",
      variant: { price: "60.00", inventoryQuantity: 3 },
    });
    expect(fake.products.get(theirs.id)?.images.slice(0, 2)).toEqual(theirs.images.slice(0, 2));
    socket.close();
  });

  it("publishes a product sold in variants with every size, its own price, SKU, barcode and stock, and sends a price change of one", async () => {
    const fake = fakeStore();
    const { socket } = await connectedRoom(fake);
    const itemId = (await socket.call("items.add", [{ title: "Tee", quantity: 3, priceCents: 1500 }])).result as string;
    const [small, medium] = (
      await socket.call("items.setVariants", [
        itemId,
        {
          options: ["Size"],
          variants: [
            { values: ["S"], sku: "TEE-S" },
            { values: ["M"], sku: "TEE-M", barcode: "4006381333931", priceCents: 1700 },
          ],
        },
      ])
    ).result as string[];
    expect(small).toBe(itemId);
    expect((await socket.call("store.publish", [itemId])).error).toBeUndefined();
    const set = fake.calls.find((call) => call.operation === "StockroomProductSet");
    const input = ((set?.variables ?? {}) as { input: Record<string, unknown> }).input;
    expect(input.productOptions).toEqual([{ name: "Size", values: [{ name: "S" }, { name: "M" }] }]);
    expect(input.variants).toMatchObject([
      {
        optionValues: [{ optionName: "Size", name: "S" }],
        price: "15.00",
        inventoryItem: { sku: "TEE-S" },
        inventoryQuantities: [{ quantity: 3 }],
      },
      {
        optionValues: [{ optionName: "Size", name: "M" }],
        price: "17.00",
        barcode: "4006381333931",
        inventoryItem: { sku: "TEE-M" },
        inventoryQuantities: [{ quantity: 0 }],
      },
    ]);
    // A variant's new price follows to the store as the product's variants, its stock left as the store counts it.
    await socket.call("items.updateVariant", [itemId, medium, { priceCents: 1900 }]);
    await expect
      .poll(() => fake.calls.filter((call) => call.operation === "StockroomProductSet").length, { timeout: 10_000 })
      .toBe(2);
    const again = (fake.calls.findLast((call) => call.operation === "StockroomProductSet")?.variables ?? {}) as {
      input: { variants: Record<string, unknown>[] };
    };
    expect(again.input.variants[1]).toMatchObject({ price: "19.00", inventoryItem: { sku: "TEE-M" } });
    expect(again.input.variants.every((variant) => !("inventoryQuantities" in variant))).toBe(true);
    socket.close();
  });

  it("deleting a published item archives its product, and no sync brings it back", async () => {
    const fake = fakeStore();
    const { roomId, socket } = await connectedRoom(fake);
    const itemId = (await socket.call("items.add", [{ title: "Old lamp", sku: "OL-1" }])).result as string;
    const productId = ((await socket.call("store.publish", [itemId])).result as { storeProductId: string })
      .storeProductId;
    expect((await socket.call("items.remove", [itemId])).error).toBeUndefined();
    await expect.poll(() => fake.products.get(productId)?.status).toBe("ARCHIVED");
    await syncAndWait(socket, { full: true });
    expect(await count("items", roomId)).toBe(0);
    socket.close();
  });

  it("a store product whose SKU an item linked elsewhere has here waits for review, not made twice; the rest syncs", async () => {
    const fake = fakeStore();
    fake.addProduct({ title: "Their mug", variant: { sku: "MUG-1" } });
    fake.addProduct({ title: "Their bowl", variant: { sku: "BOWL-1" } });
    fake.addOrders(5);
    const { roomId, socket } = await connectedRoom(fake);
    // Ours is linked to another product already, so the store's MUG-1 cannot take its SKU.
    const ours = (await socket.call("items.add", [{ title: "Our mug", sku: "MUG-1" }])).result as string;
    await roomRows(roomId, "UPDATE items SET store_product_id = 'gid://shopify/Product/elsewhere' WHERE id = ?", ours);
    const done = await syncAndWait(socket);
    expect(done).toMatchObject({ error: "", counts: { products: 2, orders: 5 } });
    // The bowl came in; their mug waits for a person (store-review.ts) rather than becoming an item without its SKU.
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE title = 'Their bowl'")).toEqual({ n: 1 });
    expect(await roomRow(roomId, "SELECT count(*) AS n FROM items WHERE title = 'Their mug'")).toEqual({ n: 0 });
    expect(await roomRow(roomId, "SELECT reason, candidate_item_id FROM store_review")).toEqual({
      reason: "sku",
      candidate_item_id: ours,
    });
    socket.close();
  });

  it("a product the store refuses is reported in its words and the item stays unpublished", async () => {
    const fake = fakeStore();
    fake.addProduct({ title: "Theirs", variant: { sku: "DUP-1" } });
    const { roomId, socket } = await connectedRoom(fake);
    const itemId = (await socket.call("items.add", [{ title: "Ours", sku: "DUP-1" }])).result as string;
    const refused = await socket.call("store.publish", [itemId]);
    expect(refused.error).toMatchObject({
      error: 422,
      reason: "The store refused this product: SKU DUP-1 is already used",
    });
    expect(await itemRow(roomId, itemId)).toMatchObject({ store_product_id: "", status: "draft" });
    socket.close();
  });
});

describe("webhook setup", () => {
  it("connecting at an https address subscribes the store's webhooks to this app; again finds them there", async () => {
    const fake = fakeStore();
    const roomId = await createRoom();
    const { socket } = await DdpSocket.connect(`https://stockroom.test/api/rooms/${roomId}/websocket`);
    expect((await socket.call("login", [{ resume: ownerToken(roomId) }])).error).toBeUndefined();
    const first = await socket.call("store.connect", [fake.credentials]);
    expect(first.result).toEqual({ shopName: "Corner Shop", webhooks: { registered: 8, note: "" } });
    expect(Object.fromEntries(fake.webhooks)).toEqual({
      ORDERS_CREATE: "https://stockroom.test/api/webhooks/shopify",
      ORDERS_UPDATED: "https://stockroom.test/api/webhooks/shopify",
      ORDERS_CANCELLED: "https://stockroom.test/api/webhooks/shopify",
      REFUNDS_CREATE: "https://stockroom.test/api/webhooks/shopify",
      INVENTORY_LEVELS_UPDATE: "https://stockroom.test/api/webhooks/shopify",
      PRODUCTS_UPDATE: "https://stockroom.test/api/webhooks/shopify",
      PRODUCTS_DELETE: "https://stockroom.test/api/webhooks/shopify",
      APP_UNINSTALLED: "https://stockroom.test/api/webhooks/shopify",
    });
    const again = await socket.call("store.connect", [fake.credentials]);
    expect((again.result as { webhooks: unknown }).webhooks).toEqual({ registered: 8, note: "" });
    socket.close();
  });

  it("says why webhooks are not set up: no public https address, or no signing secret", async () => {
    const fake = fakeStore();
    const { socket } = await connectToRoom(await createRoom());
    const overHttp = await socket.call("store.connect", [fake.credentials]);
    expect((overHttp.result as { webhooks: { note: string } }).webhooks).toEqual({
      registered: 0,
      note: WEBHOOKS_NEED_HTTPS,
    });
    expect(fake.webhooks.size).toBe(0);
    socket.close();
  });
});

describe("product webhooks", () => {
  const deliver = (fake: FakeShopify, topic: string, payload: unknown) =>
    deliverWebhook(fake.shop, topic, payload, { secret: fake.clientSecret });

  it("a field changed in both places is held with both values, never written over; a person keeps ours or takes the store's", async () => {
    const fake = fakeStore();
    const { roomId, socket } = await connectedRoom(fake);
    const itemId = (await socket.call("items.add", [{ title: "Lamp", sku: "L-1", priceCents: 1000, quantity: 2 }]))
      .result as string;
    const productId = ((await socket.call("store.publish", [itemId])).result as { storeProductId: string })
      .storeProductId;
    await socket.subscribe("store.item", [itemId]);
    const itemDoc = () => {
      const doc: Record<string, unknown> = {};
      for (const m of socket.received)
        if (m.collection === "store" && m.id === `item:${itemId}` && (m.msg === "added" || m.msg === "changed"))
          Object.assign(doc, m.fields);
      return doc;
    };
    // Our new title and price cannot reach the store yet (it fails product updates for now)…
    fake.failOperation = { operation: "StockroomProductUpdate", message: "Internal error" };
    await socket.call("items.update", [itemId, { title: "Brass lamp", priceCents: 1200 }]);
    await expect
      .poll(() => fake.calls.some((call) => call.operation === "StockroomProductUpdate"), { timeout: 15_000 })
      .toBe(true);
    // …while in Shopify's admin someone renames it too. Its price there is unchanged.
    fake.updateProduct(productId, { title: "Copper lamp" });
    const update = await deliver(fake, "products/update", {
      id: Number(productId.split("/").at(-1)),
      admin_graphql_api_id: productId,
      title: "Copper lamp",
      body_html: "",
      status: "active",
      updated_at: new Date().toISOString(),
      variants: [
        {
          id: Number(fake.products.get(productId)?.variant.id.split("/").at(-1)),
          sku: "L-1",
          price: "10.00",
          inventory_quantity: 2,
        },
      ],
    });
    expect(update.status).toBe(200);
    // Neither title is written over the other; our price (the store did not change it) stays ours.
    expect(await itemRow(roomId, itemId)).toMatchObject({ title: "Brass lamp", price_cents: 1200 });
    await expect
      .poll(() => itemDoc().conflicts)
      .toEqual([{ field: "title", ours: "Brass lamp", theirs: "Copper lamp" }]);
    // Meanwhile the held title is not sent: updating the store, once it takes updates again, sends our price only.
    fake.failOperation = null;
    const again = await socket.call("store.publish", [itemId]);
    expect(again.error, JSON.stringify(again.error)).toBeUndefined();
    expect(fake.products.get(productId)).toMatchObject({ title: "Copper lamp", variant: { price: "12.00" } });

    // The owner takes the store's title.
    expect((await socket.call("store.resolveConflict", [itemId, "title", "theirs"])).error).toBeUndefined();
    expect(await itemRow(roomId, itemId)).toMatchObject({ title: "Copper lamp", price_cents: 1200 });
    await expect.poll(() => itemDoc().conflicts).toEqual([]);
    expect((await socket.call("store.resolveConflict", [itemId, "title", "ours"])).error).toMatchObject({
      error: 404,
      reason: "That field is no longer changed in both places",
    });
    socket.close();
  });

  it("products/update changes the linked item live; products/delete unlinks it", async () => {
    const fake = fakeStore();
    const { roomId, socket } = await connectedRoom(fake);
    await socket.subscribe("items");
    const itemId = (await socket.call("items.add", [{ title: "Lamp", sku: "L-1", priceCents: 1000, quantity: 2 }]))
      .result as string;
    const productId = ((await socket.call("store.publish", [itemId])).result as { storeProductId: string })
      .storeProductId;
    const numeric = productId.split("/").at(-1);

    // The store changed the product (as a webhook says only what the store now holds): a sync that
    // happens to run meanwhile reads the same, rather than the product as it was published.
    const product = fake.products.get(productId);
    if (!product) throw new Error("not published");
    Object.assign(product, { title: "Brass lamp", descriptionHtml: "<p>Polished</p>", updatedAt: Date.now() });
    Object.assign(product.variant, { price: "15.00", inventoryQuantity: 7 });
    const update = await deliver(fake, "products/update", {
      id: Number(numeric),
      admin_graphql_api_id: productId,
      title: "Brass lamp",
      body_html: "<p>Polished</p>",
      status: "active",
      updated_at: new Date().toISOString(),
      variants: [{ id: 5, sku: "L-1", price: "15.00", inventory_quantity: 7 }],
    });
    expect(update.status).toBe(200);
    await socket.next(
      (m) =>
        m.msg === "changed" &&
        m.collection === "items" &&
        m.id === itemId &&
        (m.fields as { title?: string })?.title === "Brass lamp",
    );
    expect(await itemRow(roomId, itemId)).toMatchObject({
      title: "Brass lamp",
      description: "Polished",
      price_cents: 1500,
      quantity: 7,
    });

    // A product the catalogue does not have is left for the next sync.
    const unknown = await deliver(fake, "products/update", {
      id: 424242,
      title: "Elsewhere",
      body_html: "",
      status: "active",
      updated_at: new Date().toISOString(),
      variants: [],
    });
    expect(unknown.status).toBe(200);
    expect(await roomRows(roomId, "SELECT id FROM items WHERE title = 'Elsewhere'")).toEqual([]);

    const removed = await deliver(fake, "products/delete", { id: Number(numeric) });
    expect(removed.status).toBe(200);
    await expect.poll(async () => (await itemRow(roomId, itemId))?.store_product_id).toBe("");
    expect(await itemRow(roomId, itemId)).toMatchObject({ title: "Brass lamp", status: "ready" });
    socket.close();
  });
});
