/**
 * Stock by location and the movement ledger (docs/architecture.md §9): every change of
 * stock is a movement, and an item's figures are the sum of its movements.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, type DdpSocket, type Received, signUpUser } from "./ddp-socket";
import { itemNow } from "./item-now";
import { roomRows } from "./room-rows";

type Movement = {
  quantity: number;
  reason: string;
  locationId: string;
  balance: number;
  note: string;
  undone: boolean;
  undoes: string | null;
};

/** The room's ledger, newest first, as the publication sends it for `query`. */
async function ledger(socket: DdpSocket, query: Record<string, unknown> = {}): Promise<(Movement & { id: string })[]> {
  const id = crypto.randomUUID();
  const before = socket.received.length;
  expect((await socket.subscribe("stock.ledger", [query], id)).msg).toBe("ready");
  const docs = socket.received
    .slice(before)
    .filter((m): m is Received & { fields: Movement } => m.msg === "added" && m.collection === "movements")
    .map((m) => ({ id: m.id as string, ...m.fields }));
  socket.send({ msg: "unsub", id });
  return docs;
}

async function sumOfMovements(roomId: string, itemId: string) {
  return roomRows<{ location_id: string; units: number }>(
    roomId,
    "SELECT location_id, sum(quantity) AS units FROM movements WHERE item_id = ? GROUP BY location_id ORDER BY location_id",
    itemId,
  );
}

describe("stock by location, and the ledger", () => {
  it("starts a room with one location and records an item added with stock as a correction there", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("locations");
    expect(socket.received.filter((m) => m.collection === "locations").map((m) => m.fields)).toEqual([
      { name: "Main", position: 0, archived: false },
    ]);
    const itemId = (await socket.call("items.add", [{ title: "Lamp", quantity: 5 }])).result as string;
    expect(await itemNow<{ quantity: number; stock: Record<string, number> }>(socket, itemId)).toMatchObject({
      quantity: 5,
      stock: { main: 5 },
    });
    const [added] = await ledger(socket, { itemId });
    expect(added).toMatchObject({
      quantity: 5,
      reason: "correction",
      locationId: "main",
      balance: 5,
      note: "Added with the item",
    });
    socket.close();
  });

  it("moves stock between locations, undoes a move once, adjusts with a reason, and takes a typed total from where most is", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Lamp", quantity: 3 }])).result as string;
    const back = (await socket.call("locations.add", ["Back room"])).result as string;

    expect(
      (await socket.call("stock.transfer", [{ itemId, from: "main", to: back, quantity: 2 }])).error,
    ).toBeUndefined();
    expect(await itemNow<{ quantity: number; stock: Record<string, number> }>(socket, itemId)).toMatchObject({
      quantity: 3,
      stock: { main: 1, [back]: 2 },
    });
    // Undoing the move takes back both halves, once.
    const [moveIn] = await ledger(socket, { itemId, reason: "transfer" });
    expect((await socket.call("stock.undo", [moveIn?.id])).error).toBeUndefined();
    expect((await socket.call("stock.undo", [moveIn?.id])).error).toMatchObject({
      error: 409,
      reason: "This change was already undone",
    });
    expect(await itemNow<{ quantity: number; stock: Record<string, number> }>(socket, itemId)).toMatchObject({
      quantity: 3,
      stock: { main: 3 },
    });
    const undone = await ledger(socket, { itemId, reason: "transfer" });
    expect(undone.filter((m) => m.undone)).toHaveLength(2);

    expect(
      (await socket.call("stock.transfer", [{ itemId, from: "main", to: back, quantity: 2 }])).error,
    ).toBeUndefined();
    const received = await socket.call("stock.adjust", [
      { itemId, locationId: back, quantity: 4, reason: "received", note: "Delivery", reference: "PO-7" },
    ]);
    expect(received.error).toBeUndefined();
    // The reason says which way stock goes, and no location goes below zero.
    expect(
      (await socket.call("stock.adjust", [{ itemId, locationId: "main", quantity: 1, reason: "sold" }])).error,
    ).toMatchObject({ error: 400, reason: "Sold stock is taken away: enter a number below 0" });
    expect(
      (await socket.call("stock.adjust", [{ itemId, locationId: "main", quantity: -2, reason: "damaged" }])).error,
    ).toMatchObject({ error: 409, reason: "Only 1 of “Lamp” at Main: that would take it below zero" });

    // 7 typed down to 2: the five come from the back room, which holds most.
    expect((await socket.call("items.update", [itemId, { quantity: 2 }])).error).toBeUndefined();
    expect(await itemNow<{ quantity: number; stock: Record<string, number> }>(socket, itemId)).toMatchObject({
      quantity: 2,
      stock: { main: 1, [back]: 1 },
    });
    // The second move cannot be undone now: the back room no longer holds what it brought.
    const [secondIn] = (await ledger(socket, { itemId, reason: "transfer" })).filter(
      (m) => !m.undone && m.undoes === null && m.quantity > 0,
    );
    expect((await socket.call("stock.undo", [secondIn?.id])).error).toMatchObject({
      error: 409,
      reason: "Only 1 of “Lamp” at Back room: that would take it below zero",
    });

    const all = await ledger(socket, { itemId });
    expect(all.map((m) => [m.reason, m.quantity, m.locationId === back ? "back" : m.locationId, m.balance])).toEqual([
      ["correction", -5, "back", 1],
      ["received", 4, "back", 6],
      ["transfer", 2, "back", 2],
      ["transfer", -2, "main", 1],
      ["transfer", 2, "main", 3],
      ["transfer", -2, "back", 0],
      ["transfer", 2, "back", 2],
      ["transfer", -2, "main", 1],
      ["correction", 3, "main", 3],
    ]);
    // The ledger sums to the stock, location by location.
    const sums = await sumOfMovements(roomId, itemId);
    expect(Object.fromEntries(sums.map((row) => [row.location_id, row.units]))).toEqual({ [back]: 1, main: 1 });
    // Narrowed: by location, by reason, by person, by time.
    expect((await ledger(socket, { locationId: back })).length).toBe(5);
    expect((await ledger(socket, { reason: "received" })).map((m) => m.note)).toEqual(["Delivery"]);
    expect((await ledger(socket, { from: Date.now() + 60_000 })).length).toBe(0);
    socket.close();
  });

  it("keeps locations: no two of one name, none archived while it holds stock, at least one in use", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Vase", quantity: 2 }])).result as string;
    const stall = (await socket.call("locations.add", ["Market stall"])).result as string;
    expect((await socket.call("locations.add", ["market STALL"])).error).toMatchObject({
      error: 409,
      reason: "There is already a location called Market stall",
    });
    expect(
      (await socket.call("stock.transfer", [{ itemId, from: "main", to: stall, quantity: 2 }])).error,
    ).toBeUndefined();
    expect((await socket.call("locations.archive", [stall, true])).error).toMatchObject({
      error: 409,
      reason: "Market stall still holds 2 units of 1 item: move them first",
    });
    expect(
      (await socket.call("stock.transfer", [{ itemId, from: stall, to: "main", quantity: 2 }])).error,
    ).toBeUndefined();
    expect((await socket.call("locations.archive", [stall, true])).error).toBeUndefined();
    expect(
      (await socket.call("stock.adjust", [{ itemId, locationId: stall, quantity: 1, reason: "received" }])).error,
    ).toMatchObject({ error: 409, reason: "Market stall is archived" });
    expect((await socket.call("locations.archive", ["main", true])).error).toMatchObject({
      error: 409,
      reason: "Main still holds 2 units of 1 item: move them first",
    });
    // Taking back the move out of the stall would put stock into it, archived: refused.
    const [backFromStall] = await ledger(socket, { itemId, locationId: stall, reason: "transfer" });
    expect((await socket.call("stock.undo", [backFromStall?.id])).error).toMatchObject({
      error: 409,
      reason: "Market stall is archived: bring it back in Settings → Locations first",
    });
    expect((await socket.call("locations.rename", ["main", "Shop floor"])).error).toBeUndefined();
    await socket.subscribe("locations");
    expect(socket.received.filter((m) => m.collection === "locations").map((m) => m.fields)).toEqual([
      { name: "Shop floor", position: 0, archived: false },
      { name: "Market stall", position: 1, archived: true },
    ]);
    socket.close();
  });

  it("lets members move stock and only owners and admins change locations; viewers read the ledger", async () => {
    const roomId = await createRoom();
    const { socket: owner } = await connectToRoom(roomId);
    const itemId = (await owner.call("items.add", [{ title: "Mug", quantity: 1 }])).result as string;
    const member = await signUpUser();
    const viewer = await signUpUser();
    await owner.call("members.invite", [member.email, "member"]);
    await owner.call("members.invite", [viewer.email, "viewer"]);
    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });
    const { socket: asViewer } = await connectToRoom(roomId, { token: viewer.token });
    const sale = { itemId, locationId: "main", quantity: -1, reason: "sold" };
    expect((await asViewer.call("stock.adjust", [sale])).error).toMatchObject({ error: 403 });
    expect((await asMember.call("locations.add", ["Van"])).error).toMatchObject({ error: 403 });
    expect((await asMember.call("stock.adjust", [sale])).error).toBeUndefined();
    const seen = await ledger(asViewer, { itemId });
    expect(seen.map((m) => m.reason)).toEqual(["sold", "correction"]);
    for (const socket of [owner, asMember, asViewer]) socket.close();
  });

  it("records a stocktake's counts as stocktake movements, referring to the stocktake", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Plate", sku: "PL-1", quantity: 5 }])).result as string;
    const stocktakeId = (await socket.call("stocktake.start")).result as string;
    await socket.call("stocktake.scan", [stocktakeId, "PL-1"]);
    await socket.call("stocktake.scan", [stocktakeId, "PL-1"]);
    expect((await socket.call("stocktake.apply", [stocktakeId])).error).toBeUndefined();
    const [counted] = await ledger(socket, { itemId });
    expect(counted).toMatchObject({ reason: "stocktake", quantity: -3, balance: 2, locationId: "main" });
    const [row] = await roomRows<{ reference: string }>(
      roomId,
      "SELECT reference FROM movements WHERE reason = 'stocktake'",
    );
    expect(row?.reference).toBe(stocktakeId);
    socket.close();
  });
});

describe("sales made by hand", () => {
  it("records a sale with its price, refuses a price on other reasons, and a sold-out item's share page says it is sold", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Bowl", priceCents: 1800, quantity: 1, status: "ready" }]))
      .result as string;
    const links = (await socket.call("items.publicLinks", [[itemId]])).result as Record<string, string>;
    const shared = async () =>
      (await (
        await SELF.fetch(`https://stockroom.test/api/share${new URL(links[itemId] as string).pathname}`)
      ).json()) as {
        sold: boolean;
      };
    expect((await shared()).sold).toBe(false);

    expect(
      (
        await socket.call("stock.adjust", [
          { itemId, locationId: "main", quantity: 2, reason: "received", priceCents: 100 },
        ])
      ).error,
    ).toMatchObject({ error: 400, reason: "A price goes with a sale or a return" });
    const sale = { itemId, locationId: "main", quantity: -1, reason: "sold", priceCents: 1650, note: "Market stall" };
    expect((await socket.call("stock.adjust", [sale])).error).toBeUndefined();
    const [sold] = await ledger(socket, { itemId, reason: "sold" });
    expect(sold).toMatchObject({ quantity: -1, balance: 0, note: "Market stall" });
    expect((sold as unknown as { priceCents: number }).priceCents).toBe(1650);
    // None left of an item on offer: sold out.
    expect((await shared()).sold).toBe(true);
    socket.close();
  });
});
