/**
 * The live dashboard: aggregates counted change by change equal a full
 * recompute after thousands of seeded random item and order changes, and a
 * room's members see the summary follow item edits and store orders live.
 */
import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { COLLECTION, type DashboardDoc, ITEM_STATUSES, PUBLICATION } from "../../protocol/api";
import { type CountedItem, type CountedOrder, quarterOf } from "../../worker/dashboard/contributions";
import { createAggregateTables, ROOM_PREFIX, RoomAggregates } from "../../worker/dashboard/room-aggregates";
import { seeded } from "../support/seeded-random";
import { connectToRoom, createRoom, type DdpSocket, signUpUser } from "./ddp-socket";

const NOW = Date.UTC(2026, 10, 21, 12);
const DAY = 24 * 3600_000;

/** A set of aggregates of its own, beside the room's. */
function aggregatesApart(sql: SqlStorage, prefix: string): RoomAggregates {
  createAggregateTables(sql, prefix);
  return new RoomAggregates(sql, prefix);
}

/** A room's tables with this prefix, as SQLite holds them, the prefix taken out of names and statements. */
function schemaOf(sql: SqlStorage, prefix: string): string[] {
  return sql
    .exec<{ sql: string }>(
      "SELECT sql FROM sqlite_master WHERE name LIKE ? AND sql IS NOT NULL ORDER BY name",
      `${prefix}%`,
    )
    .toArray()
    .map((row) =>
      row.sql
        .replaceAll(prefix, "")
        .replace(/\s+IF NOT EXISTS/, "")
        .replace(/;$/, ""),
    );
}

describe("dashboard aggregates", () => {
  it("live in tables the room's migrations made, exactly as the dashboard defines them", async () => {
    const roomId = await createRoom("Schema");
    await runInDurableObject(env.ROOM.getByName(roomId), (_instance, state) => {
      const migrated = schemaOf(state.storage.sql, ROOM_PREFIX);
      createAggregateTables(state.storage.sql, "defined_");
      expect(migrated.length).toBeGreaterThan(8);
      expect(migrated).toEqual(schemaOf(state.storage.sql, "defined_"));
    });
  });

  it("counted change by change, equal a full recompute after thousands of random changes", async () => {
    const stub = env.ROOM.get(env.ROOM.idFromName("aggregates-property"));
    await runInDurableObject(stub, (_instance, state) => {
      for (const seed of [1, 2, 3]) {
        const random = seeded(seed);
        const live = aggregatesApart(state.storage.sql, `p${seed}_`);
        live.rebuild([], []);
        const items = new Map<number, CountedItem>();
        const orders = new Map<number, CountedOrder>();
        const products = Array.from({ length: 12 }, (_, i) => ({ productKey: `gid-${i}`, title: `Product ${i}` }));
        const customers = Array.from({ length: 8 }, (_, i) => ({ key: `c${i}`, name: `Customer ${i}` }));
        let made = 0;
        const randomItem = (): CountedItem => ({
          _id: `item-${made++}`,
          title: `Item ${made}`,
          // Some have a reorder point, so the low-stock rows are counted both ways too.
          reorderPoint: random.int(3) === 0 ? random.int(10) : null,
          status: random.pick(ITEM_STATUSES),
          priceCents: random.int(4) === 0 ? 0 : random.int(50_000),
          quantity: random.int(20),
          // Stock at two places (some below zero), a cost or an average or neither, and a supplier or none:
          // what stock is worth is counted both ways too.
          stock: { main: random.int(12) - 2, back: random.int(6) },
          costCents: random.int(3) === 0 ? null : random.int(20_000),
          avgCostCents: random.int(3) === 0 ? random.int(20_000) : null,
          supplierId: random.pick([null, "acme", "birch"]),
          currency: random.pick(["USD", "EUR"]),
          createdAt: new Date(NOW - random.int(45) * DAY - random.int(DAY)),
        });
        const randomOrder = (): CountedOrder => {
          const customer = random.int(5) === 0 ? { key: "", name: "" } : random.pick(customers);
          const lineItems = Array.from({ length: 1 + random.int(3) }, () => ({
            ...random.pick(products),
            quantity: 1 + random.int(3),
            priceCents: random.int(20_000),
          }));
          return {
            customerKey: customer.key,
            customerName: customer.name,
            currency: random.pick(["USD", "EUR"]),
            totalCents: lineItems.reduce((sum, line) => sum + line.quantity * line.priceCents, 0),
            lineItems,
            createdAt: new Date(NOW - random.int(40) * DAY),
          };
        };
        let ids = 0;
        for (let step = 0; step < 3000; step++) {
          const roll = random.next();
          const itemIds = [...items.keys()];
          const orderIds = [...orders.keys()];
          if (roll < 0.35 || itemIds.length === 0) {
            const item = randomItem();
            items.set(ids++, item);
            live.applyItem(null, item);
          } else if (roll < 0.6) {
            const id = random.pick(itemIds);
            const previous = items.get(id) as CountedItem;
            const next = { ...previous, ...randomItem(), _id: previous._id, createdAt: previous.createdAt };
            items.set(id, next);
            live.applyItem(previous, next);
          } else if (roll < 0.7) {
            const id = random.pick(itemIds);
            live.applyItem(items.get(id) as CountedItem, null);
            items.delete(id);
          } else if (roll < 0.88 || orderIds.length === 0) {
            const order = randomOrder();
            orders.set(ids++, order);
            live.applyOrder(null, order);
          } else if (roll < 0.96) {
            const id = random.pick(orderIds);
            const previous = orders.get(id) as CountedOrder;
            const next = { ...randomOrder(), createdAt: previous.createdAt };
            orders.set(id, next);
            live.applyOrder(previous, next);
          } else {
            const id = random.pick(orderIds);
            live.applyOrder(orders.get(id) as CountedOrder, null);
            orders.delete(id);
          }
        }
        const full = aggregatesApart(state.storage.sql, `f${seed}_`);
        full.rebuild(items.values(), orders.values());
        const summary = live.summary(NOW);
        expect(summary).toEqual(full.summary(NOW));
        // And the summary is not trivially empty: every part has figures.
        expect(summary.byStatus.length).toBeGreaterThan(0);
        expect(summary.topProducts).toHaveLength(5);
        expect(summary.topCustomers.length).toBeGreaterThan(0);
        expect(summary.itemsAdded.length).toBeGreaterThan(0);
        expect(summary.ordersPlaced.length).toBeGreaterThan(0);
        expect(summary.worth?.map((money) => money.byLocation.length)).toEqual([2, 2]);
        expect(summary.worth?.every((money) => money.bySupplier.length === 3 && money.uncostedUnits > 0)).toBe(true);
        // Only the last 30 days (and one more, for zones ahead of UTC) are sent, by the quarter hour.
        expect((summary.itemsAdded[0]?.at ?? "") >= "2026-10-22T12:00").toBe(true);
        expect(summary.itemsAdded.every((row) => /^\d{4}-\d\d-\d\dT\d\d:(00|15|30|45)$/.test(row.at))).toBe(true);
      }
    });
  });
});

describe("dashboard aggregates: old quarter hours", () => {
  it("are pruned when the cut-off moves to a new quarter hour, not on every change", async () => {
    const stub = env.ROOM.get(env.ROOM.idFromName("aggregates-pruning"));
    await runInDurableObject(stub, (_instance, state) => {
      const aggregates = aggregatesApart(state.storage.sql, "prune_");
      aggregates.rebuild([], []);
      const item = (createdAt: number): CountedItem => ({
        _id: `item-${createdAt}`,
        title: "Item",
        status: "draft",
        priceCents: 0,
        quantity: 1,
        currency: "USD",
        createdAt: new Date(createdAt),
      });
      const quarters = () =>
        state.storage.sql.exec<{ n: number }>("SELECT count(*) AS n FROM prune_items_quarter").one().n;
      // An item from 40 days ago: its quarter hour is past the 31 days shown.
      aggregates.applyItem(null, item(NOW - 40 * DAY));
      aggregates.applyItem(null, item(NOW - DAY));
      expect(quarters()).toBe(2);
      aggregates.summary(NOW);
      expect(quarters()).toBe(1);
      // Another old one counted within the same quarter hour stays until the cut-off moves (never shown).
      aggregates.applyItem(null, item(NOW - 40 * DAY));
      expect(aggregates.summary(NOW + 60_000).itemsAdded).toHaveLength(1);
      expect(quarters()).toBe(2);
      aggregates.summary(NOW + 15 * 60_000);
      expect(quarters()).toBe(1);
    });
  });
});

async function summaryOf(socket: DdpSocket, matches: (doc: DashboardDoc) => boolean): Promise<DashboardDoc> {
  let doc: DashboardDoc | undefined;
  await socket.next((m) => {
    if (m.collection !== COLLECTION.DASHBOARD || (m.msg !== "added" && m.msg !== "changed")) return false;
    doc = { ...(doc ?? {}), ...(m.fields as object) } as DashboardDoc;
    return matches(doc);
  });
  return doc as DashboardDoc;
}

describe("the dashboard publication", () => {
  it("follows item edits and store orders live", async () => {
    const roomId = await createRoom("Dashboard shop");
    const { socket: editor } = await connectToRoom(roomId);
    // An item from before anyone opened the dashboard is counted by the first build.
    await editor.call("items.add", [{ title: "Old lamp", priceCents: 1000, quantity: 2, currency: "EUR" }]);
    const { socket: watcher } = await connectToRoom(roomId);
    const ready = await watcher.subscribe(PUBLICATION.DASHBOARD);
    expect(ready.msg).toBe("ready");
    const first = watcher.received.find((m) => m.msg === "added" && m.collection === COLLECTION.DASHBOARD);
    expect(first?.fields).toMatchObject({
      byStatus: [{ status: "draft", count: 1 }],
      stockValue: [{ status: "draft", currency: "EUR", valueCents: 2000 }],
    });

    const added = await editor.call("items.add", [
      { title: "Brass lamp", priceCents: 4500, quantity: 3, currency: "EUR", status: "ready" },
    ]);
    const afterAdd = await summaryOf(watcher, (doc) => doc.byStatus?.length === 2);
    expect(afterAdd.byStatus).toEqual([
      { status: "draft", count: 1 },
      { status: "ready", count: 1 },
    ]);
    await editor.call("items.update", [added.result, { status: "listed" }]);
    const afterEdit = await summaryOf(watcher, (doc) => doc.byStatus?.some((s) => s.status === "listed") ?? false);
    expect(afterEdit.stockValue).toEqual([
      { status: "draft", currency: "EUR", valueCents: 2000 },
      { status: "listed", currency: "EUR", valueCents: 13_500 },
    ]);

    const order = {
      storeOrderId: "gid://shopify/Order/1",
      name: "#1001",
      customerKey: "gid://shopify/Customer/7",
      customerName: "Ada Lovelace",
      currency: "EUR",
      totalCents: 9000,
      lineItems: [{ productKey: "gid://shopify/Product/3", title: "Brass lamp", quantity: 2, priceCents: 4500 }],
      createdAt: Date.now(),
    };
    const stub = env.ROOM.get(env.ROOM.idFromName(roomId));
    expect(await stub.recordOrder(order)).toMatchObject({ ok: true });
    const afterOrder = await summaryOf(watcher, (doc) => (doc.topProducts?.length ?? 0) > 0);
    expect(afterOrder.topProducts).toEqual([
      { productKey: "gid://shopify/Product/3", title: "Brass lamp", currency: "EUR", quantity: 2, revenueCents: 9000 },
    ]);
    expect(afterOrder.topCustomers).toEqual([
      { customerKey: "gid://shopify/Customer/7", name: "Ada Lovelace", currency: "EUR", orders: 1, revenueCents: 9000 },
    ]);
    expect(afterOrder.ordersPlaced).toEqual([
      { at: quarterOf(new Date(order.createdAt)), currency: "EUR", orders: 1, revenueCents: 9000 },
    ]);
    // The same order again (a repeated sync) replaces it rather than counting it twice.
    expect(
      await stub.recordOrder({ ...order, totalCents: 4500, lineItems: [{ ...order.lineItems[0], quantity: 1 }] }),
    ).toMatchObject({ ok: true });
    const afterUpdate = await summaryOf(watcher, (doc) => doc.topProducts?.[0]?.quantity === 1);
    expect(afterUpdate.ordersPlaced[0]).toMatchObject({ orders: 1, revenueCents: 4500 });

    // A malformed order is refused with a clear message, and counts nothing.
    const bad = await stub.recordOrder({ ...order, storeOrderId: "2", totalCents: -5 });
    expect(bad).toMatchObject({ ok: false, error: { error: 400 } });
    for (const socket of [editor, watcher]) socket.close();
  });

  it("is only for the room's members", async () => {
    const roomId = await createRoom();
    const stranger = await signUpUser();
    const { socket } = await connectToRoom(roomId, { token: stranger.token });
    const answer = await socket.subscribe(PUBLICATION.DASHBOARD);
    expect(answer).toMatchObject({ msg: "nosub", error: { error: 403 } });
    socket.close();
  });
});
