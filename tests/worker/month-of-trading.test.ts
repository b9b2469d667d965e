/**
 * A month of trading, replayed (docs/stock.md): 30 days of a shop selling
 * online and on Shopify POS, taking returns and cancellations, correcting
 * counts in Shopify's admin, while here deliveries are received, shelves
 * counted (some scans made offline and sent late), stock moved between
 * locations and sold by hand. The store's webhooks arrive as Shopify sends
 * them: signed, through the real route and queue, some twice, some a day
 * late, out of order. The room pushes its movements to the store as they
 * happen. The month ends with 0 units of difference, for every variant at
 * every location, between the room, the sums of its ledger and the store.
 *
 * The clock is the month's: `Date.now` runs through 30 days (the room's
 * times and the fake store's whole-second times alike). What the room does
 * on its own — send its outbox a moment after a movement, settle the
 * store's unexplained changes from its alarm — is run where it would have
 * happened by then: after the day's movements, and each evening.
 */
import { runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoomHost } from "../../worker/rooms/room-host";
import { pushToStore } from "../../worker/store/store-push";
import { SETTLE_MS } from "../../worker/store/store-stock";
import { type FakeProduct, FakeShopify, variantsOfProduct } from "../support/fake-shopify";
import { seeded } from "../support/seeded-random";
import { installFakeStore } from "./fake-store";
import { expectLedgerAddsUp } from "./ledger";
import { roomRows, roomStub } from "./room-rows";
import { settleAt } from "./store-stock-helpers";
import { connectedRoom, syncAndWait } from "./store-sync-helpers";
import { deliverWebhook } from "./webhook-helpers";

const DAYS = 30;
const DAY_MS = 86_400_000;
const SHOP_FLOOR = "gid://shopify/Location/1";
const WAREHOUSE = "gid://shopify/Location/2";

afterEach(() => {
  vi.restoreAllMocks();
});

type StoreEvent = { topic: string; payload: Record<string, unknown> };

/** A variant as both sides know it. */
interface Line {
  sku: string;
  product: FakeProduct;
  storeVariantId: string;
  inventoryItemId: string;
  itemId: string;
  /** The variant's id here (the item's own for a product without options). */
  variantId: string;
}

/** Every variant's stock here, by SKU and location. */
async function roomStock(roomId: string): Promise<Map<string, Record<string, number>>> {
  const rows = await roomRows<{ sku: string; stock: string; variants: string }>(
    roomId,
    "SELECT sku, stock, variants FROM items",
  );
  const stock = new Map<string, Record<string, number>>();
  for (const row of rows) {
    const variants = JSON.parse(row.variants) as { sku: string; stock: Record<string, number> }[];
    if (variants.length === 0) stock.set(row.sku, JSON.parse(row.stock) as Record<string, number>);
    for (const variant of variants) stock.set(variant.sku, variant.stock);
  }
  return stock;
}

describe("a month of trading, replayed", () => {
  it("ends with 0 units of difference between the room, its ledger and the store", { timeout: 600_000 }, async () => {
    const random = seeded(20261128);
    // The month's clock: the room's times and the store's move together, a day at a time, and on
    // with the real one in between (what waits for time — the store's cost budget — sees it pass).
    const realNow = Date.now.bind(Date);
    const monthStart = Math.floor(realNow() / DAY_MS) * DAY_MS + DAY_MS;
    let ahead = monthStart - realNow();
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + ahead);
    const later = (minutes: number) => {
      ahead += minutes * 60_000;
    };
    /** Puts the clock at `at` (the start of a day). */
    const setClock = (at: number) => {
      ahead = at - realNow();
    };

    // The shop: two locations, a mug, a card and a tee in three sizes, stocked at both.
    const fake = installFakeStore(new FakeShopify({ shopName: "Harbour Gifts" }));
    fake.locations.push({ id: WAREHOUSE, name: "Warehouse" });
    const mug = fake.addProduct({ title: "Mug", variant: { sku: "MUG", price: "9.00", inventoryQuantity: 20 } });
    const card = fake.addProduct({ title: "Card", variant: { sku: "CARD", price: "3.00", inventoryQuantity: 30 } });
    const tee = fake.addProductInVariants(
      { title: "Tee" },
      ["Size"],
      [
        { values: ["S"], sku: "TEE-S", price: "18.00", inventoryQuantity: 8 },
        { values: ["M"], sku: "TEE-M", price: "18.00", inventoryQuantity: 12 },
        { values: ["L"], sku: "TEE-L", price: "18.00", inventoryQuantity: 6 },
      ],
    );
    const inventoryItemOf = (variantId: string) => variantId.replace("ProductVariant", "InventoryItem");
    const warehouseStart: Record<string, number> = { MUG: 10, CARD: 0, "TEE-S": 5, "TEE-M": 5, "TEE-L": 4 };
    for (const product of [mug, card, tee]) {
      for (const variant of variantsOfProduct(product)) {
        fake.levels.set(`${inventoryItemOf(variant.id)} ${WAREHOUSE}`, warehouseStart[variant.sku] ?? 0);
      }
    }

    // The room: its first location keeps the shop floor, the back room the warehouse; the market stall is its own.
    const { roomId, socket } = await connectedRoom(fake);
    const call = async (method: string, ...params: unknown[]) => {
      const answer = await socket.call(method, params);
      expect(answer.error, `${method} ${JSON.stringify(params)}`).toBeUndefined();
      return answer.result;
    };
    const main = "main";
    const backRoom = (await call("locations.add", "Back room")) as string;
    const stall = (await call("locations.add", "Market stall")) as string;
    await call("store.mapLocation", WAREHOUSE, backRoom);
    await syncAndWait(socket);

    const items = await roomRows<{ id: string; sku: string; variants: string; store_product_id: string }>(
      roomId,
      "SELECT id, sku, variants, store_product_id FROM items",
    );
    const lines: Line[] = [mug, card, tee].flatMap((product) => {
      const item = items.find((row) => row.store_product_id === product.id);
      if (!item) throw new Error(`${product.title} did not come in`);
      const here = JSON.parse(item.variants) as { _id: string; sku: string }[];
      return variantsOfProduct(product).map((variant) => ({
        sku: variant.sku,
        product,
        storeVariantId: variant.id,
        inventoryItemId: inventoryItemOf(variant.id),
        itemId: item.id,
        variantId: here.find((each) => each.sku === variant.sku)?._id ?? item.id,
      }));
    });
    expect(lines).toHaveLength(5);

    // What each side has, compared: every variant at every location, and the stall's against the month's own sums.
    const stallExpected = new Map(lines.map((line) => [line.sku, 0]));
    async function differences(): Promise<string[]> {
      const stock = await roomStock(roomId);
      const found: string[] = [];
      for (const line of lines) {
        const here = stock.get(line.sku) ?? {};
        const pairs: [string, number, number][] = [
          ["shop floor", here[main] ?? 0, fake.levelOf(line.inventoryItemId, SHOP_FLOOR)],
          ["warehouse", here[backRoom] ?? 0, fake.levelOf(line.inventoryItemId, WAREHOUSE)],
          ["market stall", here[stall] ?? 0, stallExpected.get(line.sku) ?? 0],
        ];
        for (const [place, room, other] of pairs) {
          if (room !== other) found.push(`${line.sku} at the ${place}: ${room} here, ${other} there`);
        }
      }
      return found;
    }
    expect(await differences()).toEqual([]);

    // The store's webhooks, a day's at a time: shuffled, some a day late, some sent again the day after.
    let deliveries = 0;
    let overdue: { event: StoreEvent; id: string }[] = [];
    const seen = { duplicated: 0, late: 0, outOfOrder: 0 };
    const deliver = (event: StoreEvent, id: string) =>
      deliverWebhook(fake.shop, event.topic, event.payload, { secret: fake.clientSecret, deliveryId: id });
    async function deliverAll(events: StoreEvent[]) {
      const fresh = events.map((event) => ({ event, id: `month-${deliveries++}` }));
      // Yesterday's late and re-sent ones go with today's, whatever happens to today's.
      const batch = [...overdue];
      overdue = [];
      for (const delivery of fresh) {
        const fate = random.next();
        if (fate < 0.1) {
          // Late: it comes with the next day's.
          overdue.push(delivery);
          seen.late += 1;
          continue;
        }
        if (fate > 0.9) {
          // Sent again with the next day's, as Shopify retries one it thinks failed.
          overdue.push(delivery);
          seen.duplicated += 1;
        }
        batch.push(delivery);
      }
      // Out of order: a level often arrives before the order that moved it.
      for (let i = batch.length - 1; i > 0; i--) {
        const j = random.int(i + 1);
        if (j !== i) seen.outOfOrder += 1;
        [batch[i], batch[j]] = [batch[j] as (typeof batch)[number], batch[i] as (typeof batch)[number]];
      }
      // Together, as Shopify sends them: the queue hands the room a batch.
      const answers = await Promise.all(batch.map((delivery) => deliver(delivery.event, delivery.id)));
      expect(answers.map((answer) => answer.status)).toEqual(batch.map(() => 200));
    }
    /** What the room does a moment after a movement (and its alarm after a failure): send the outbox until it is empty. */
    async function sendOutbox() {
      for (let round = 0; round < 50; round++) {
        await runInDurableObject(roomStub(roomId), (instance) =>
          pushToStore((instance as unknown as { liveHost: RoomHost }).liveHost),
        );
        const [waiting] = await roomRows<{ n: number }>(roomId, "SELECT count(*) AS n FROM store_outbox");
        if (waiting?.n === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("the outbox did not empty");
    }

    // The store's side of a day: what it sells, takes back and recounts.
    const sales: Record<string, unknown>[] = [];
    const done = new Set<Record<string, unknown>>();
    const inStock = (at: string) => lines.filter((line) => fake.levelOf(line.inventoryItemId, at) > 2);
    function storeDay(day: number): StoreEvent[] {
      const events: StoreEvent[] = [];
      const online = 2 + random.int(3);
      for (let n = 0; n < online && inStock(SHOP_FLOOR).length > 0; n++) {
        const line = random.pick(inStock(SHOP_FLOOR));
        later(10 + random.int(50));
        const sold = fake.sell(line.product.id, 1 + random.int(2), { variantId: line.storeVariantId });
        sales.push(sold[0]?.payload as Record<string, unknown>);
        events.push(...sold);
      }
      if (random.next() < 0.6 && inStock(WAREHOUSE).length > 0) {
        const line = random.pick(inStock(WAREHOUSE));
        later(15);
        const sold = fake.sell(line.product.id, 1, { variantId: line.storeVariantId, pos: { locationId: WAREHOUSE } });
        sales.push(sold[0]?.payload as Record<string, unknown>);
        events.push(...sold);
      }
      const open = sales.filter((sale) => !done.has(sale));
      if (day % 3 === 1 && open.length > 0) {
        const sale = random.pick(open);
        done.add(sale);
        later(30);
        events.push(...fake.refund(sale, 1));
      }
      const stillOpen = open.filter((each) => !done.has(each));
      if (day % 5 === 2 && stillOpen.length > 0) {
        const sale = random.pick(stillOpen);
        done.add(sale);
        later(20);
        events.push(...fake.cancel(sale));
      }
      if (day % 4 === 3) {
        // Counted in Shopify's admin: one found broken, or two found behind a box.
        const line = random.pick(lines);
        const at = random.pick([SHOP_FLOOR, WAREHOUSE]);
        later(25);
        events.push(
          ...fake.setAvailable(line.inventoryItemId, at, fake.levelOf(line.inventoryItemId, at) + random.pick([-1, 2])),
        );
      }
      return events;
    }

    const stockHere = async (line: Line, at: string) => (await roomStock(roomId)).get(line.sku)?.[at] ?? 0;

    // Our side of a day: deliveries, transfers, a hand sale, and twice a month a count of the shop floor.
    async function roomDay(day: number) {
      if (day % 3 === 0) {
        const line = random.pick(lines);
        later(20);
        await call("stock.adjust", {
          itemId: line.itemId,
          variantId: line.variantId,
          locationId: random.pick([main, backRoom]),
          quantity: 5 + random.int(6),
          reason: "received",
          note: `Delivery, day ${day + 1}`,
        });
      }
      const moved = random.pick(lines);
      const from = random.pick([main, backRoom]);
      const to = random.pick([from === main ? backRoom : main, stall]);
      const quantity = Math.min(2, await stockHere(moved, from));
      if (quantity > 0) {
        later(15);
        await call("stock.transfer", {
          itemId: moved.itemId,
          variantId: moved.variantId,
          from,
          to,
          quantity,
        });
        if (to === stall) stallExpected.set(moved.sku, (stallExpected.get(moved.sku) ?? 0) + quantity);
      }
      const soldHere = random.pick(lines);
      const at = random.pick([main, stall]);
      if ((await stockHere(soldHere, at)) > 0) {
        later(10);
        await call("stock.adjust", {
          itemId: soldHere.itemId,
          variantId: soldHere.variantId,
          locationId: at,
          quantity: -1,
          reason: "sold",
        });
        if (at === stall) stallExpected.set(soldHere.sku, (stallExpected.get(soldHere.sku) ?? 0) - 1);
      }
    }

    /**
     * The shop floor counted: one phone counts a size with no line (its scans
     * sent once a store sale of it has arrived), the other the rest online;
     * one unit of the mug is found missing.
     */
    async function countShopFloor() {
      const stocktakeId = (await call("stocktake.start", [main])) as string;
      const [offline, ...online] = [...lines].sort((a, b) => (a.sku < b.sku ? 1 : -1));
      if (!offline) throw new Error("no lines");
      const countedAt = Date.now();
      const offlineCount = await stockHere(offline, main);
      later(5);
      // Sold online while the phone had no line; Shopify tells the room at once.
      const sold = fake.sell(offline.product.id, 1, { variantId: offline.storeVariantId });
      sales.push(sold[0]?.payload as Record<string, unknown>);
      await Promise.all(sold.map((event) => deliver(event, `month-${deliveries++}`)));
      later(5);
      for (const line of online) {
        const count = (await stockHere(line, main)) - (line.sku === "MUG" ? 1 : 0);
        for (let n = 0; n < count; n++) await call("stocktake.scan", stocktakeId, line.sku, { locationId: main });
      }
      // The offline phone's scans arrive, each with the time it was made.
      for (let n = 0; n < offlineCount; n++) {
        await call("stocktake.scan", stocktakeId, offline.sku, { locationId: main, at: countedAt });
      }
      later(5);
      await call("stocktake.apply", stocktakeId);
    }

    for (let day = 0; day < DAYS; day++) {
      setClock(monthStart + day * DAY_MS + 9 * 3_600_000);
      // The day's trade on both sides; the room sends its movements as it makes them.
      const morning = storeDay(day);
      await roomDay(day);
      if (day === 9 || day === 22) await countShopFloor();
      await sendOutbox();
      const afternoon = storeDay(day);
      await sendOutbox();
      // The store's webhooks of the day (with yesterday's late and retried ones), and its news of our adjustments.
      await deliverAll([...morning, ...afternoon, ...fake.levelWebhooks.splice(0)]);
      // The evening: what the room's alarm would have done by now.
      later(60);
      await settleAt(roomId, Date.now() + SETTLE_MS);
    }
    // The month is over: the last late deliveries arrive, and everything settles.
    await deliverAll(fake.levelWebhooks.splice(0));
    await deliverAll(fake.levelWebhooks.splice(0));
    while (overdue.length > 0) {
      const last = overdue;
      overdue = [];
      await Promise.all(last.map(({ event, id }) => deliver(event, id)));
    }
    later(60);
    await settleAt(roomId, Date.now() + SETTLE_MS);
    await sendOutbox();

    expect(await differences()).toEqual([]);
    await expectLedgerAddsUp(roomId);
    // The month did what it says: every kind of movement, deliveries twice, late and out of order.
    const reasons = await roomRows<{ reason: string; user_id: string; n: number }>(
      roomId,
      "SELECT reason, user_id, count(*) AS n FROM movements GROUP BY reason, user_id ORDER BY reason, user_id",
    );
    const kinds = new Set(reasons.map((row) => `${row.reason} by ${row.user_id === "store" ? "the store" : "us"}`));
    for (const kind of [
      "sold by the store",
      "returned by the store",
      "correction by the store",
      "received by us",
      "transfer by us",
      "sold by us",
      "stocktake by us",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(seen.duplicated).toBeGreaterThan(0);
    expect(seen.late).toBeGreaterThan(0);
    expect(seen.outOfOrder).toBeGreaterThan(0);
    expect(fake.adjustments.length).toBeGreaterThan(10);
    socket.close();
  });
});
