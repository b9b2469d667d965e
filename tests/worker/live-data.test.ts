import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";
import { roomRows } from "./room-rows";
import { countRoomStatements } from "./statement-counter";

const roomPath = (roomId: string) => `/api/rooms/${roomId}/websocket`;

const INSERT_ITEM = "INSERT INTO items (id, room_id, title, created_at, updated_at) VALUES (?, ?, ?, ?, ?)";

describe("rooms and items over the live connection", () => {
  it("refuses a room that does not exist", async () => {
    await expect(DdpSocket.open(roomPath("missing-room-id"))).rejects.toThrow(/404/);
  });

  it("sends a room's items, then every change, to each subscriber", async () => {
    const roomId = await createRoom("Stockroom one");
    const { socket: alice } = await connectToRoom(roomId);
    const { socket: bob } = await connectToRoom(roomId);
    expect((await bob.subscribe("items", [], "items")).msg).toBe("ready");

    const added = await alice.call("items.add", [{ title: "Blue vase", priceCents: 2500, quantity: 2 }]);
    const itemId = added.result as string;
    const seen = await bob.next((m) => m.msg === "added" && m.id === itemId);
    expect(seen.fields).toMatchObject({ title: "Blue vase", priceCents: 2500, quantity: 2, status: "draft" });

    await alice.call("items.update", [itemId, { status: "ready", location: "" }]);
    const changed = await bob.next((m) => m.msg === "changed" && m.id === itemId);
    // Only what changed is sent (location was already "").
    expect(Object.keys(changed.fields as object).sort()).toEqual(["status", "updatedAt"]);

    await alice.call("items.remove", [itemId]);
    expect(await bob.next((m) => m.msg === "removed")).toMatchObject({ collection: "items", id: itemId });
    alice.close();
    bob.close();
  });

  it("sends a long catalogue's newest items first, then the rest, each once, then ready", async () => {
    const roomId = await createRoom();
    // 80 items, Box 00 the newest; more than the first screenful of 50. Stored oldest first.
    for (const i of Array.from({ length: 80 }, (_, k) => 79 - k)) {
      await roomRows(
        roomId,
        INSERT_ITEM,
        `${roomId}-${i}`,
        roomId,
        `Box ${String(i).padStart(2, "0")}`,
        1_000_000 - i,
        1_000_000 - i,
      );
    }
    const { socket } = await connectToRoom(roomId);
    expect((await socket.subscribe("items", [], "items")).msg).toBe("ready");
    const added = socket.received.filter((m) => m.msg === "added" && m.collection === "items").map((m) => m.id);
    expect(new Set(added).size).toBe(80);
    expect(added).toHaveLength(80);
    expect(added.slice(0, 50)).toEqual(Array.from({ length: 50 }, (_, i) => `${roomId}-${i}`));
    expect(socket.received.some((m) => m.msg === "changed")).toBe(false);
    socket.close();
  });

  it("reads a small room's items once when a catalogue opens: its first screenful is the whole room", async () => {
    const roomId = await createRoom();
    for (const [i, title] of ["Lamp", "Vase", "Mug"].entries()) {
      await roomRows(roomId, INSERT_ITEM, `${roomId}-${i}`, roomId, title, 1_000 + i, 1_000 + i);
    }
    const { socket } = await connectToRoom(roomId);
    const itemReads = await countRoomStatements(roomId, /from "items"/);
    expect((await socket.subscribe("items", [], "items")).msg).toBe("ready");
    const added = socket.received.filter((m) => m.msg === "added" && m.collection === "items").map((m) => m.id);
    expect(added.sort()).toEqual([`${roomId}-0`, `${roomId}-1`, `${roomId}-2`]);
    expect(await itemReads()).toBe(1);
    socket.close();
  });

  it("shares one read of a room's catalogue among everyone who has it open, and reads afresh once all have closed it", async () => {
    const roomId = await createRoom();
    const { socket: alice } = await connectToRoom(roomId);
    await alice.call("items.add", [{ title: "Lamp", quantity: 1 }]);
    const itemReads = await countRoomStatements(roomId, /from "items"/);
    expect((await alice.subscribe("items", [], "alice-items")).msg).toBe("ready");
    const { socket: bob } = await connectToRoom(roomId);
    expect((await bob.subscribe("items", [], "bob-items")).msg).toBe("ready");
    expect(bob.received.filter((m) => m.msg === "added" && m.collection === "items")).toHaveLength(1);
    // Bob's catalogue came from the observation Alice's opened: one read of the items table for both.
    expect(await itemReads()).toBe(1);

    // A change reaches both, each once; Bob's edit is sent as only what changed.
    const { result: vaseId } = await bob.call("items.add", [{ title: "Vase", quantity: 2 }]);
    await alice.next((m) => m.msg === "added" && m.id === vaseId);
    await bob.call("items.update", [vaseId, { quantity: 3 }]);
    const changed = await alice.next((m) => m.msg === "changed" && m.id === vaseId);
    expect(changed.fields).toMatchObject({ quantity: 3 });
    expect(bob.received.filter((m) => m.msg === "added" && m.id === vaseId)).toHaveLength(1);

    // Once nobody watches, the next subscriber reads again (and sees both items).
    alice.send({ msg: "unsub", id: "alice-items" });
    bob.send({ msg: "unsub", id: "bob-items" });
    await alice.next((m) => m.msg === "nosub" && m.id === "alice-items");
    await bob.next((m) => m.msg === "nosub" && m.id === "bob-items");
    const readsAgain = await countRoomStatements(roomId, /from "items"/);
    const { socket: carol } = await connectToRoom(roomId);
    expect((await carol.subscribe("items", [], "carol-items")).msg).toBe("ready");
    expect(carol.received.filter((m) => m.msg === "added" && m.collection === "items")).toHaveLength(2);
    expect(await readsAgain()).toBe(1);
    for (const socket of [alice, bob, carol]) socket.close();
  });

  it("sends the caller its own data before updated (write fence)", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("items", [], "items");
    socket.send({ msg: "method", id: "add-1", method: "items.add", params: [{ title: "Lamp" }] });
    await socket.waitUpdated("add-1");
    const addedAt = socket.received.findIndex((m) => m.msg === "added" && m.collection === "items");
    const updatedAt = socket.received.findIndex(
      (m) => m.msg === "updated" && (m.methods as string[]).includes("add-1"),
    );
    expect(addedAt).toBeGreaterThanOrEqual(0);
    expect(addedAt).toBeLessThan(updatedAt);
    socket.close();
  });

  it("never sends a document twice for overlapping subscriptions, and removes it on unsub", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const itemId = (await socket.call("items.add", [{ title: "Mug" }])).result as string;
    await socket.subscribe("items", [], "first");
    await socket.subscribe("items", [], "second");
    expect(socket.received.filter((m) => m.msg === "added" && m.id === itemId)).toHaveLength(1);
    socket.send({ msg: "unsub", id: "first" });
    await socket.next((m) => m.msg === "nosub" && m.id === "first");
    expect(socket.received.some((m) => m.msg === "removed")).toBe(false);
    socket.send({ msg: "unsub", id: "second" });
    await socket.next((m) => m.msg === "removed" && m.id === itemId);
    socket.close();
  });

  it("refuses invalid items with a clear message and stores nothing", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const cases: [unknown, string][] = [
      [{ title: "A", priceCents: -5 }, "Price cannot be negative"],
      [{ title: "A", priceCents: "12" }, "Price must be a number"],
      [{ title: "A", quantity: -1 }, "Quantity cannot be negative"],
      [{ title: "A", status: "lost" }, "Unknown status"],
      [{ title: "x".repeat(500) }, "Title must be at most 200 characters"],
      [{ title: "" }, "Title is required"],
      [{ title: "A", owner: "me" }, "Unknown item field"],
    ];
    for (const [fields, reason] of cases) {
      const result = await socket.call("items.add", [fields]);
      expect(result.error).toMatchObject({ error: 400, reason });
    }
    await socket.call("items.add", [{ title: "First", sku: "SKU-1" }]);
    const duplicate = await socket.call("items.add", [{ title: "Second", sku: "SKU-1" }]);
    expect(duplicate.error).toMatchObject({ error: 409, reason: "SKU SKU-1 is already used in this room" });
    const rows = await { results: await roomRows(roomId, "SELECT title FROM items WHERE room_id = ?", roomId) };
    expect(rows.results.map((row) => row.title)).toEqual(["First"]);
    socket.close();
  });

  it("renames a room live for its members", async () => {
    const roomId = await createRoom("Old name");
    const { socket } = await connectToRoom(roomId);
    await socket.subscribe("room", [], "room");
    expect(socket.received.find((m) => m.msg === "added" && m.collection === "rooms")?.fields).toMatchObject({
      name: "Old name",
    });
    await socket.call("rooms.rename", ["New name"]);
    expect((await socket.next((m) => m.msg === "changed")).fields).toMatchObject({ name: "New name" });
    socket.close();
  });

  it("lists a new room at once on the HomeDO that created it", async () => {
    const user = await signUpUser();
    const { socket } = await DdpSocket.connect("/api/websocket?shard=3");
    await socket.call("login", [{ resume: user.token }]);
    await socket.subscribe("rooms.list", [], "rooms");
    const roomId = (await socket.call("rooms.create", ["Fresh room"])).result as string;
    const added = socket.received.find((m) => m.msg === "added" && m.id === roomId);
    expect(added?.fields).toMatchObject({ name: "Fresh room" });
    socket.close();
  });
});

describe("hibernation and eviction", () => {
  it("keeps serving a subscriber after its RoomDO is evicted mid-session", async () => {
    const roomId = await createRoom();
    const { socket: watcher } = await connectToRoom(roomId);
    await watcher.subscribe("items", [], "items");
    const itemId = (await watcher.call("items.add", [{ title: "Before eviction" }])).result as string;

    await evictDurableObject(env.ROOM.getByName(roomId), { webSockets: "hibernate" });

    const { socket: editor } = await connectToRoom(roomId);
    await editor.call("items.update", [itemId, { title: "After eviction" }]);
    const changed = await watcher.next((m) => m.msg === "changed" && m.id === itemId);
    expect(changed.fields).toMatchObject({ title: "After eviction" });
    // The rebuilt merge box knows what the watcher holds: no duplicate added.
    expect(watcher.received.filter((m) => m.msg === "added" && m.id === itemId)).toHaveLength(1);
    await watcher.roundTrip();
    watcher.close();
    editor.close();
  });

  it("answers client pings without waking the object", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    await runInDurableObject(env.ROOM.getByName(roomId), (_instance, state) => {
      const pair = state.getWebSocketAutoResponse();
      expect(pair?.request).toBe('{"msg":"ping"}');
      expect(pair?.response).toBe('{"msg":"pong"}');
    });
    socket.sendRaw('{"msg":"ping"}');
    expect(await socket.next((m) => m.msg === "pong")).toEqual({ msg: "pong" });
    socket.close();
  });
});
