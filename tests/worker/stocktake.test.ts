import { describe, expect, it } from "vitest";
import { STOCKTAKE_ERROR } from "../../worker/stocktake/stocktake-feature";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { roomRow, roomRows } from "./room-rows";
import { countRoomStatements } from "./statement-counter";

async function roomWithItems() {
  const roomId = await createRoom();
  const { socket } = await connectToRoom(roomId);
  const add = async (fields: Record<string, unknown>) => (await socket.call("items.add", [fields])).result as string;
  const mug = await add({ title: "Mug", sku: "MUG-1", quantity: 2 });
  const jug = await add({ title: "Jug", sku: "JUG-1", quantity: 5 });
  const bowl = await add({ title: "Bowl", sku: "BOWL-1", quantity: 1 });
  const links = (await socket.call("items.publicLinks", [[mug]])).result as Record<string, string>;
  return { roomId, socket, mug, jug, bowl, mugLink: links[mug] as string };
}

async function join(roomId: string, owner: Awaited<ReturnType<typeof roomWithItems>>["socket"], role: string) {
  const person = await signUpUser();
  expect((await owner.call("members.invite", [person.email, role])).error).toBeUndefined();
  return (await connectToRoom(roomId, { token: person.token })).socket;
}

describe("stocktake", () => {
  it("counts scans from every phone live, once each, and applies the counted quantities with history", async () => {
    const { roomId, socket: owner, mug, jug, bowl, mugLink } = await roomWithItems();
    const member = await join(roomId, owner, "member");

    const started = await owner.call("stocktake.start");
    const stocktakeId = started.result as string;
    // A second start joins the stocktake under way.
    expect((await member.call("stocktake.start")).result).toBe(stocktakeId);
    await owner.subscribe("stocktake.scans", [stocktakeId]);
    await owner.subscribe("stocktake.tally", [stocktakeId]);

    // The label's link, a SKU typed in, and the same scan sent twice (same seed): counted once.
    const byLink = await member.call("stocktake.scan", [stocktakeId, mugLink]);
    expect(byLink.result).toMatchObject({ itemId: mug, title: "Mug" });
    const seeded = { msg: "method", method: "stocktake.scan", params: [stocktakeId, "JUG-1"], randomSeed: "scan-1" };
    member.send({ ...seeded, id: "s1" });
    member.send({ ...seeded, id: "s2" });
    await member.next((m) => m.msg === "result" && m.id === "s1");
    await member.next((m) => m.msg === "result" && m.id === "s2");
    expect((await owner.call("stocktake.scan", [stocktakeId, `  ${mug}  `])).result).toMatchObject({ itemId: mug });

    // The owner's tally saw every scan, by whom; their own list holds their own scan only.
    const counts = () =>
      Object.fromEntries(
        [...owner.held("stocktakeTally").values()]
          .filter((doc) => "variantId" in doc)
          .map((doc) => [doc.variantId, doc.count]),
      );
    await expect.poll(counts).toEqual({ [mug]: 2, [jug]: 1 });
    const people = [...owner.held("stocktakeTally").values()].filter((doc) => "userId" in doc);
    expect(people.map((doc) => doc.count).sort()).toEqual([1, 2]);
    expect([...owner.held("stocktakeScans").values()].map((doc) => doc.itemId)).toEqual([mug]);

    const unknown = await member.call("stocktake.scan", [stocktakeId, "NOPE-9"]);
    expect(unknown.error).toMatchObject({ error: 404, reason: STOCKTAKE_ERROR.UNKNOWN_CODE });

    await owner.subscribe("items");
    // Only owners and admins apply.
    expect((await member.call("stocktake.apply", [stocktakeId])).error).toMatchObject({ error: 403 });
    const applied = await owner.call("stocktake.apply", [stocktakeId]);
    // Mug counted 2 (as recorded), Jug 1 (recorded 5): one change. Bowl, not seen, is left alone.
    expect(applied.result).toEqual({ changed: 1 });
    await owner.next((m) => m.msg === "changed" && m.collection === "items" && m.id === jug);
    const quantities = Object.fromEntries(
      owner.received
        .filter((m) => m.msg === "changed" && m.collection === "items")
        .map((m) => [m.id as string, (m.fields as { quantity?: number } | undefined)?.quantity])
        .filter(([, quantity]) => quantity !== undefined),
    );
    expect(quantities).toEqual({ [jug]: 1 });
    expect(bowl).toBeTruthy();

    // Over: a scan that comes now is kept as a late one (not counted until an owner applies it);
    // the next start is a new stocktake.
    expect((await member.call("stocktake.scan", [stocktakeId, "MUG-1"])).result).toMatchObject({
      itemId: mug,
      late: true,
    });
    const next = (await member.call("stocktake.start")).result as string;
    expect(next).not.toBe(stocktakeId);
    expect((await owner.call("stocktake.cancel", [next])).error).toBeUndefined();
    member.close();
    owner.close();
  });

  it("sets items not seen to 0 when asked, and records each change in the item's history", async () => {
    const { socket: owner, jug, bowl } = await roomWithItems();
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    await owner.call("stocktake.scan", [stocktakeId, "MUG-1"]);
    await owner.call("stocktake.scan", [stocktakeId, "MUG-1"]);
    expect((await owner.call("stocktake.apply", [stocktakeId, { unseenToZero: true }])).result).toEqual({
      changed: 2,
    });
    await owner.subscribe("items.history", [bowl]);
    const entry = await owner.next(
      (m) => m.msg === "added" && m.collection === "itemHistory" && m.fields?.itemId === bowl,
    );
    expect((entry.fields as { changes?: unknown }).changes).toEqual({ quantity: { from: 1, to: 0 } });
    expect(jug).toBeTruthy();
    owner.close();
  });

  it("lets viewers watch but not count, and strangers do neither", async () => {
    const { roomId, socket: owner } = await roomWithItems();
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    const viewer = await join(roomId, owner, "viewer");
    expect((await viewer.call("stocktake.scan", [stocktakeId, "MUG-1"])).error).toMatchObject({ error: 403 });
    expect((await viewer.call("stocktake.start")).error).toMatchObject({ error: 403 });
    const watching = await viewer.subscribe("stocktake");
    expect(watching.msg).toBe("ready");

    const stranger = await signUpUser();
    const outsider = (await connectToRoom(roomId, { token: stranger.token })).socket;
    expect((await outsider.subscribe("stocktake")).msg).toBe("nosub");
    viewer.close();
    outsider.close();
    owner.close();
  });

  it("sends counters each printed label's code on its item, whose store page a label opens, and counts a store-page label", async () => {
    const { roomId, socket: owner, mug, jug, mugLink } = await roomWithItems();
    // Jug is on sale in the room's store: its label opens its store page.
    await roomRows(
      roomId,
      "INSERT INTO store_listings (room_id, item_id, product_id, handle, state, published_at) VALUES (?, ?, ?, ?, 'active', ?)",
      roomId,
      jug,
      "gid://shopify/Product/7",
      "Blue-Jug",
      Date.now(),
    );
    const member = await join(roomId, owner, "member");
    expect((await member.subscribe("stocktake.labels")).msg).toBe("ready");
    const keys = Object.fromEntries(
      member.received
        .filter((m) => m.msg === "added" && m.collection === "stocktakeLabels")
        .map((m) => [m.id as string, (m.fields as { keys: string[] }).keys]),
    );
    const mugCode = /\/s\/([A-Za-z0-9]{10})$/.exec(mugLink)?.[1];
    expect(keys).toEqual({ [jug]: ["p:blue-jug"] });
    expect((await member.subscribe("item", [mug])).msg).toBe("ready");
    expect(member.held("items").get(mug)?.shareCode).toBe(mugCode);

    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    const byStorePage = await member.call("stocktake.scan", [
      stocktakeId,
      "https://lamps.myshopify.com/products/blue-jug",
    ]);
    expect(byStorePage.result).toMatchObject({ itemId: jug, title: "Jug" });

    // Another room's label is not one of this room's.
    const other = await roomWithItems();
    const foreign = await member.call("stocktake.scan", [stocktakeId, other.mugLink]);
    expect(foreign.error).toMatchObject({ error: 404, reason: STOCKTAKE_ERROR.UNKNOWN_CODE });
    member.close();
    owner.close();
    other.socket.close();
  });
});

describe("stocktake: mistakes and the record", () => {
  it("matches a typed SKU in any case, as the label is printed or as a phone keyboard types it", async () => {
    const { socket: owner, mug } = await roomWithItems();
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    expect((await owner.call("stocktake.scan", [stocktakeId, "mug-1"])).result).toMatchObject({ itemId: mug });
    expect((await owner.call("stocktake.scan", [stocktakeId, "Mug-1"])).result).toMatchObject({ itemId: mug });
    owner.close();
  });

  it("finds a typed SKU or id with one read of the items (the SKU as typed first, else the oldest in any case)", async () => {
    const { roomId, socket: owner } = await roomWithItems();
    const add = async (fields: Record<string, unknown>) => (await owner.call("items.add", [fields])).result as string;
    // SKUs are unique as typed, so two may differ only in case.
    const older = await add({ title: "Older lamp", sku: "LAMP-7" });
    const newer = await add({ title: "Newer lamp", sku: "lamp-7" });
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    const itemReads = await countRoomStatements(roomId, /from "items"/);
    expect((await owner.call("stocktake.scan", [stocktakeId, "lamp-7"])).result).toMatchObject({
      itemId: newer,
      title: "Newer lamp",
    });
    expect((await owner.call("stocktake.scan", [stocktakeId, "Lamp-7"])).result).toMatchObject({ itemId: older });
    expect((await owner.call("stocktake.scan", [stocktakeId, newer])).result).toMatchObject({ itemId: newer });
    expect((await owner.call("stocktake.scan", [stocktakeId, "NOPE-7"])).error).toMatchObject({ error: 404 });
    expect(await itemReads()).toBe(4);
    owner.close();
  });

  it("counts a printed label without reading the directory: the room keeps its own labels' codes", async () => {
    const { roomId, socket: owner, mug, mugLink } = await roomWithItems();
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    const code = mugLink.split("/s/")[1] as string;
    const directoryReads = await countRoomStatements(roomId, /share_codes/, code);
    expect((await owner.call("stocktake.scan", [stocktakeId, mugLink])).result).toMatchObject({ itemId: mug });
    expect((await owner.call("stocktake.scan", [stocktakeId, mugLink])).result).toMatchObject({ itemId: mug });
    expect(await directoryReads()).toBe(0);
    owner.close();
  });

  it("counts nothing for the label of an item removed since it was printed", async () => {
    const { socket: owner, mug, mugLink } = await roomWithItems();
    expect((await owner.call("items.remove", [mug])).error).toBeUndefined();
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    expect((await owner.call("stocktake.scan", [stocktakeId, mugLink])).error).toMatchObject({
      error: 404,
      reason: STOCKTAKE_ERROR.UNKNOWN_CODE,
    });
    owner.close();
  });

  it("takes a mis-scan back: one's own, or anyone's for an owner or admin, once", async () => {
    const { roomId, socket: owner, jug } = await roomWithItems();
    const member = await join(roomId, owner, "member");
    const other = await join(roomId, owner, "member");
    const stocktakeId = (await owner.call("stocktake.start")).result as string;
    // The member's scan goes with its own seed, as the app sends it (so a re-send is the same scan).
    const misScan = { msg: "method", method: "stocktake.scan", params: [stocktakeId, "JUG-1"], randomSeed: "mis-1" };
    member.send({ ...misScan, id: "m1" });
    const mine = (await member.next((m) => m.msg === "result" && m.id === "m1")).result as { scanId: string };
    const theirs = (await other.call("stocktake.scan", [stocktakeId, "JUG-1"])).result as { scanId: string };

    // A member takes back only their own scan; taking it back twice is the same as once.
    expect((await member.call("stocktake.unscan", [stocktakeId, theirs.scanId])).error).toMatchObject({
      error: 403,
      reason: STOCKTAKE_ERROR.NOT_YOUR_SCAN,
    });
    expect((await member.call("stocktake.unscan", [stocktakeId, mine.scanId])).error).toBeUndefined();
    expect((await member.call("stocktake.unscan", [stocktakeId, mine.scanId])).error).toBeUndefined();
    // The owner may take back anyone's.
    expect((await owner.call("stocktake.unscan", [stocktakeId, theirs.scanId])).error).toBeUndefined();
    const left = await roomRow<{ n: number }>(
      roomId,
      "SELECT COUNT(*) AS n FROM stocktake_scans WHERE stocktake_id = ? AND taken_back_at IS NULL",
      stocktakeId,
    );
    expect(left?.n).toBe(0);
    // The taken-back scan sent again (its answer lost, the same seed): it does not count again.
    member.send({ ...misScan, id: "m2" });
    await member.next((m) => m.msg === "result" && m.id === "m2");
    // Nothing counted: applying changes nothing, Jug keeps its 5.
    expect((await owner.call("stocktake.apply", [stocktakeId])).result).toEqual({ changed: 0 });
    expect(jug).toBeTruthy();
    member.close();
    other.close();
    owner.close();
  });

  it("keeps past stocktakes: when, who counted, what was applied, each change marked in the item's history", async () => {
    const { roomId, socket: owner, jug } = await roomWithItems();
    const member = await join(roomId, owner, "member");
    const first = (await owner.call("stocktake.start")).result as string;
    await member.call("stocktake.scan", [first, "JUG-1"]);
    await member.call("stocktake.scan", [first, "JUG-1"]);
    // Mug counted as recorded (2): no change for it.
    await owner.call("stocktake.scan", [first, "MUG-1"]);
    await owner.call("stocktake.scan", [first, "MUG-1"]);
    await owner.call("stocktake.apply", [first]);
    const second = (await owner.call("stocktake.start")).result as string;
    await owner.call("stocktake.cancel", [second]);

    expect((await member.subscribe("stocktakes.past")).msg).toBe("ready");
    const past = member.received.filter((m) => m.msg === "added" && m.collection === "pastStocktakes");
    const applied = past.find((m) => m.id === first)?.fields as Record<string, unknown>;
    expect(applied).toMatchObject({
      status: "applied",
      itemsCounted: 2,
      changes: [{ itemId: jug, title: "Jug", from: 5, to: 2 }],
    });
    expect((applied.people as { scans: number }[]).map((person) => person.scans)).toEqual([2, 2]);
    expect(past.find((m) => m.id === second)?.fields).toMatchObject({ status: "cancelled", changes: [] });

    await member.subscribe("items.history", [jug]);
    const entry = await member.next(
      (m) =>
        m.msg === "added" && m.collection === "itemHistory" && m.fields?.itemId === jug && "via" in (m.fields ?? {}),
    );
    expect(entry.fields).toMatchObject({ changes: { quantity: { from: 5, to: 2 } }, via: `stocktake:${first}` });

    // A stocktake ended while someone watches the list arrives there too.
    const third = (await owner.call("stocktake.start")).result as string;
    await owner.call("stocktake.cancel", [third]);
    await member.next((m) => m.msg === "added" && m.collection === "pastStocktakes" && m.id === third);
    member.close();
    owner.close();
  });

  it("reads the past stocktakes in the same few statements however many there are", async () => {
    const { roomId, socket: owner, jug, mug } = await roomWithItems();
    const ended: string[] = [];
    for (const code of ["JUG-1", "MUG-1", "BOWL-1"]) {
      const id = (await owner.call("stocktake.start")).result as string;
      await owner.call("stocktake.scan", [id, code]);
      await owner.call("stocktake.apply", [id]);
      ended.push(id);
    }
    // Jug's count was applied, then Jug was removed: the change stays, under a plain name.
    expect((await owner.call("items.remove", [jug])).error).toBeUndefined();
    const scanReads = await countRoomStatements(roomId, /"stocktake_scans"/);
    const historyReads = await countRoomStatements(roomId, /"item_history"/);
    const itemReads = await countRoomStatements(roomId, /from "items"/);
    expect((await owner.subscribe("stocktakes.past")).msg).toBe("ready");
    // Late scans waiting, scans per person and items counted, then the changes with their items' titles:
    // for all three at once.
    expect([await scanReads(), await historyReads(), await itemReads()]).toEqual([3, 1, 0]);
    const past = Object.fromEntries(
      owner.received
        .filter((m) => m.msg === "added" && m.collection === "pastStocktakes")
        .map((m) => [m.id as string, m.fields as Record<string, unknown>]),
    );
    expect(past[ended[0] as string]).toMatchObject({
      itemsCounted: 1,
      people: [{ scans: 1 }],
      changes: [{ itemId: jug, title: "A removed item", from: 5, to: 1 }],
    });
    expect(past[ended[1] as string]).toMatchObject({
      itemsCounted: 1,
      changes: [{ itemId: mug, title: "Mug", from: 2, to: 1 }],
    });
    // Bowl was counted as recorded (1): nothing to change.
    expect(past[ended[2] as string]).toMatchObject({ itemsCounted: 1, changes: [] });
    owner.close();
  });
});
