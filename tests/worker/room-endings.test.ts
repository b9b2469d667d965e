/**
 * A room ending for the people who have it open: deleted (everyone hears
 * it, and by whom, before their connections close), or a member removed
 * (only they hear it); and a deleted room's address says 410, with when,
 * so a tab or an invitation that comes back to it later can say so.
 */
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";

describe("a room's ending", () => {
  it("tells everyone with the room open that it was deleted, and by whom; its address then answers 410", async () => {
    const roomId = await createRoom("Corner shop");
    const { socket: owner } = await connectToRoom(roomId);
    const sam = await signUpUser();
    expect((await owner.call("members.invite", [sam.email, "member"])).error).toBeUndefined();
    const { socket: samInRoom } = await connectToRoom(roomId, { token: sam.token });
    // Anyone signed in can open a room's socket; one who is not a member hears nothing of its end.
    const stranger = await signUpUser();
    const { socket: strangerInRoom } = await connectToRoom(roomId, { token: stranger.token });

    expect((await owner.call("rooms.delete")).error).toBeUndefined();
    const told = await samInRoom.next((m) => m.msg === "added" && m.collection === "roomEndings");
    expect(told.fields).toMatchObject({ kind: "deleted", roomName: "Corner shop", by: expect.stringContaining("@") });
    expect(told.fields).not.toHaveProperty("for");
    await expect.poll(() => samInRoom.closed?.code).toBe(4003);
    await expect.poll(() => strangerInRoom.closed?.code).toBe(4003);
    expect(strangerInRoom.received.some((m) => m.collection === "roomEndings")).toBe(false);

    const gone = await SELF.fetch(`http://stockroom.test/api/rooms/${roomId}`);
    expect(gone.status).toBe(410);
    expect(Date.parse(((await gone.json()) as { deletedAt: string }).deletedAt)).toBeGreaterThan(0);
    const socket = await SELF.fetch(`http://stockroom.test/api/rooms/${roomId}/websocket`, {
      headers: { Upgrade: "websocket" },
    });
    expect(socket.status).toBe(410);
    expect((await SELF.fetch("http://stockroom.test/api/rooms/NeverExisted12345")).status).toBe(404);
    owner.close();
  });

  it("tells a removed member, and only them, who removed them from which room", async () => {
    const roomId = await createRoom("Market stall");
    const { socket: owner } = await connectToRoom(roomId);
    const [sam, kim] = [await signUpUser(), await signUpUser()];
    for (const person of [sam, kim]) await owner.call("members.invite", [person.email, "member"]);
    const { socket: samInRoom } = await connectToRoom(roomId, { token: sam.token });
    const { socket: kimInRoom } = await connectToRoom(roomId, { token: kim.token });

    expect((await owner.call("members.remove", [sam.id])).error).toBeUndefined();
    const told = await samInRoom.next((m) => m.msg === "added" && m.collection === "roomEndings");
    expect(told.fields).toMatchObject({ kind: "removed", roomName: "Market stall" });
    await expect.poll(() => samInRoom.closed?.code).toBe(4003);
    // Kim, still a member, heard nothing of it (a round trip after the removal shows nothing came).
    await kimInRoom.roundTrip();
    expect(kimInRoom.received.some((m) => m.collection === "roomEndings")).toBe(false);
    kimInRoom.close();
    owner.close();
  });
});
