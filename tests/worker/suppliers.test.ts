/**
 * Suppliers (worker/buying/suppliers-feature.ts, docs/buying.md): who a room
 * buys from, kept by the members who edit items and seen live by everyone
 * in the room; names unique whatever their case; archived, never deleted.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";

async function memberOf(roomId: string, role: string) {
  const person = await signUpUser();
  const { socket } = await connectToRoom(roomId);
  expect((await socket.call("members.invite", [person.email, role])).error).toBeUndefined();
  socket.close();
  return (await connectToRoom(roomId, { token: person.token })).socket;
}

describe("suppliers", () => {
  it("are added and changed by a member, seen live by a viewer, and archived rather than deleted", async () => {
    const roomId = await createRoom();
    const member = await memberOf(roomId, "member");
    const viewer = await memberOf(roomId, "viewer");
    expect((await viewer.subscribe("suppliers", [], "list")).msg).toBe("ready");

    const fields = { name: "Acme Ceramics", contact: "Ada", email: "orders@acme.example", leadTimeDays: 7, notes: "" };
    const added = await member.call("suppliers.add", [fields]);
    expect(added.error).toBeUndefined();
    const id = added.result as string;
    await expect.poll(() => viewer.held("suppliers").get(id)).toMatchObject({ ...fields, archived: false });

    expect((await member.call("suppliers.update", [id, { leadTimeDays: 10, notes: "Closed in August" }])).error).toBe(
      undefined,
    );
    await expect
      .poll(() => viewer.held("suppliers").get(id))
      .toMatchObject({ name: "Acme Ceramics", leadTimeDays: 10, notes: "Closed in August" });
    expect((await member.call("suppliers.archive", [id, true])).error).toBeUndefined();
    await expect.poll(() => viewer.held("suppliers").get(id)?.archived).toBe(true);
    expect((await member.call("suppliers.archive", [id, false])).error).toBeUndefined();
    await expect.poll(() => viewer.held("suppliers").get(id)?.archived).toBe(false);

    // Viewers and counters only look.
    expect((await viewer.call("suppliers.add", [{ name: "Sneaky" }])).error).toMatchObject({ error: 403 });
    expect((await viewer.call("suppliers.update", [id, { name: "Sneaky" }])).error).toMatchObject({ error: 403 });
    member.close();
    viewer.close();
  });

  it("refuses a name the room has already, whatever its case, and fields that are not what they say, in words", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const acme = (await socket.call("suppliers.add", [{ name: "Acme" }])).result as string;
    const other = (await socket.call("suppliers.add", [{ name: "Birch & Co" }])).result as string;
    expect((await socket.call("suppliers.add", [{ name: " acme " }])).error).toMatchObject({
      error: 409,
      reason: "There is a supplier called “Acme” already",
    });
    expect((await socket.call("suppliers.update", [other, { name: "ACME" }])).error).toMatchObject({ error: 409 });
    // Its own name in another case is its own.
    expect((await socket.call("suppliers.update", [acme, { name: "ACME" }])).error).toBeUndefined();
    expect((await socket.call("suppliers.add", [{ name: "Pine", email: "not an address" }])).error).toMatchObject({
      error: 400,
      reason: "That is not an e-mail address",
    });
    expect((await socket.call("suppliers.add", [{ name: "Pine", leadTimeDays: -2 }])).error).toMatchObject({
      error: 400,
      reason: "A lead time cannot be below 0 days",
    });
    expect((await socket.call("suppliers.add", [{ name: "   " }])).error).toMatchObject({
      error: 400,
      reason: "Give the supplier a name",
    });
    expect((await socket.call("suppliers.update", ["no-such-one", { notes: "x" }])).error).toMatchObject({
      error: 404,
      reason: "No such supplier in this room",
    });
    socket.close();
  });
});
