/**
 * Presence: the room's members see who has a live connection to the room,
 * one document per person with the number of their connections, following
 * arrivals, tabs closing, sockets the heartbeat finds dead, log-outs,
 * removals and a wake from hibernation. Strangers see nothing.
 */
import { env, evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { COLLECTION, PUBLICATION } from "../../protocol/api";
import { connectToRoom, createRoom, DdpSocket, signUpUser } from "./ddp-socket";

type Person = { label: string; connections: number; since: Date };

/** The presence documents a socket holds now, replayed from what it received. */
function people(socket: DdpSocket): Map<string, Person> {
  const docs = new Map<string, Person>();
  for (const m of socket.received) {
    if (m.collection !== COLLECTION.PRESENCE) continue;
    const id = m.id as string;
    if (m.msg === "added") docs.set(id, m.fields as Person);
    else if (m.msg === "changed") docs.set(id, { ...(docs.get(id) as Person), ...(m.fields as Partial<Person>) });
    else if (m.msg === "removed") docs.delete(id);
  }
  return docs;
}

/** Waits until the socket's presence documents satisfy `check`, and returns them. */
async function until(socket: DdpSocket, check: (docs: Map<string, Person>) => boolean): Promise<Map<string, Person>> {
  if (!check(people(socket))) await socket.next((m) => m.collection === COLLECTION.PRESENCE && check(people(socket)));
  return people(socket);
}

/** A room with its owner connected (and watching presence) and one more person with `role`. */
async function roomWithMember(role: "member" | "viewer" = "member") {
  const roomId = await createRoom("Presence shop");
  const { socket: owner } = await connectToRoom(roomId);
  const login = owner.received.find((m) => m.msg === "result");
  const ownerId = (login?.result as { id: string } | undefined)?.id as string;
  expect(ownerId).toEqual(expect.any(String));
  const member = await signUpUser();
  expect((await owner.call("members.invite", [member.email, role])).error).toBeUndefined();
  expect((await owner.subscribe(PUBLICATION.PRESENCE)).msg).toBe("ready");
  return { roomId, owner, ownerId, member };
}

describe("presence", () => {
  it("shows each member everyone in the room, and follows a second tab and tabs closing", async () => {
    const { roomId, owner, ownerId, member } = await roomWithMember();
    const ownerEmail = people(owner).get(ownerId)?.label;
    expect(ownerEmail).toMatch(/@example\.com$/);
    expect(people(owner).get(ownerId)).toMatchObject({ connections: 1, since: expect.any(Date) });

    const { socket: first } = await connectToRoom(roomId, { token: member.token });
    expect((await first.subscribe(PUBLICATION.PRESENCE)).msg).toBe("ready");
    expect([...people(first).keys()].sort()).toEqual([ownerId, member.id].sort());
    expect(people(first).get(member.id)).toMatchObject({ label: member.email, connections: 1 });
    expect(people(first).get(ownerId)).toMatchObject({ label: ownerEmail, connections: 1 });
    const seen = await until(owner, (docs) => docs.has(member.id));
    expect(seen.get(member.id)).toMatchObject({ label: member.email, connections: 1 });
    const since = seen.get(member.id)?.since.getTime();

    // A second tab: still one person, with two connections, there since the first.
    const { socket: second } = await connectToRoom(roomId, { token: member.token });
    const both = await until(owner, (docs) => docs.get(member.id)?.connections === 2);
    expect(both.size).toBe(2);
    expect(both.get(member.id)?.since.getTime()).toBe(since);

    // Closing one tab leaves one; closing the other removes them, for everyone.
    second.close();
    await until(owner, (docs) => docs.get(member.id)?.connections === 1);
    first.close();
    const after = await until(owner, (docs) => !docs.has(member.id));
    expect([...after.keys()]).toEqual([ownerId]);
    expect(owner.received.some((m) => m.msg === "removed" && m.id === member.id)).toBe(true);
    owner.close();
  });

  it("drops a connection the server's heartbeat finds dead", async () => {
    const { roomId, owner, member } = await roomWithMember();
    const { socket: silent } = await connectToRoom(roomId, { token: member.token });
    await until(owner, (docs) => docs.has(member.id));
    const stub = env.ROOM.getByName(roomId);
    const start = Date.now();
    const clock = vi.spyOn(Date, "now");
    try {
      // Both sockets go quiet past the interval: both are pinged.
      clock.mockReturnValue(start + 20_000);
      await runInDurableObject(stub, (instance) => instance.onAlarm());
      // The owner's socket answers (any message counts); the other never does.
      await owner.roundTrip();
      clock.mockReturnValue(start + 40_000);
      await runInDurableObject(stub, (instance) => instance.onAlarm());
    } finally {
      clock.mockRestore();
    }
    await until(owner, (docs) => !docs.has(member.id));
    expect(owner.closed).toBeNull();
    await owner.roundTrip();
    silent.close();
    owner.close();
  });

  it("counts only signed-in members: a viewer sees it, strangers and anonymous connections neither see nor count", async () => {
    const { roomId, owner, ownerId, member: viewer } = await roomWithMember("viewer");
    const { socket: asViewer } = await connectToRoom(roomId, { token: viewer.token });
    expect((await asViewer.subscribe(PUBLICATION.PRESENCE)).msg).toBe("ready");
    expect([...people(asViewer).keys()].sort()).toEqual([ownerId, viewer.id].sort());

    const stranger = await signUpUser();
    const { socket: asStranger } = await connectToRoom(roomId, { token: stranger.token });
    expect(await asStranger.subscribe(PUBLICATION.PRESENCE)).toMatchObject({
      msg: "nosub",
      error: { error: 403, reason: "Access denied" },
    });
    const { socket: anonymous } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    expect(await anonymous.subscribe(PUBLICATION.PRESENCE)).toMatchObject({ msg: "nosub", error: { error: 403 } });
    // Everything the server sent the owner before this pong has arrived.
    await owner.roundTrip();
    expect([...people(owner).keys()].sort()).toEqual([ownerId, viewer.id].sort());
    for (const socket of [owner, asViewer, asStranger, anonymous]) socket.close();
  });

  it("removes a connection that logs out, and a member removed from the room", async () => {
    const { roomId, owner, ownerId, member } = await roomWithMember();
    const { socket: first } = await connectToRoom(roomId, { token: member.token });
    // The second connection signs in with the password: its own token, so
    // logging it out leaves the first connection signed in.
    const { socket: second } = await DdpSocket.connect(`/api/rooms/${roomId}/websocket`);
    const login = await second.call("login", [{ user: { email: member.email }, password: "test password" }]);
    expect(login.error).toBeUndefined();
    await until(owner, (docs) => docs.get(member.id)?.connections === 2);

    expect((await second.call("logout")).error).toBeUndefined();
    await until(owner, (docs) => docs.get(member.id)?.connections === 1);
    // Still connected, but anonymous now: not presence.
    expect(second.closed).toBeNull();

    expect((await owner.call("members.remove", [member.id])).error).toBeUndefined();
    const after = await until(owner, (docs) => !docs.has(member.id));
    expect([...after.keys()]).toEqual([ownerId]);
    for (const socket of [owner, first, second]) socket.close();
  });

  it("keeps the same people after the room's object hibernates, without sending them again", async () => {
    const { roomId, owner, ownerId, member } = await roomWithMember();
    const { socket: asMember } = await connectToRoom(roomId, { token: member.token });
    const before = await until(owner, (docs) => docs.has(member.id));

    await evictDurableObject(env.ROOM.getByName(roomId), { webSockets: "hibernate" });

    // Another tab wakes the object: the owner hears only that change.
    const { socket: again } = await connectToRoom(roomId, { token: member.token });
    const after = await until(owner, (docs) => docs.get(member.id)?.connections === 2);
    expect(after.get(member.id)?.since.getTime()).toBe(before.get(member.id)?.since.getTime());
    expect(after.get(ownerId)).toEqual(before.get(ownerId));
    for (const id of [ownerId, member.id]) {
      expect(
        owner.received.filter((m) => m.msg === "added" && m.collection === "presence" && m.id === id),
      ).toHaveLength(1);
    }
    // The woken object still knows both of the member's connections.
    asMember.close();
    await until(owner, (docs) => docs.get(member.id)?.connections === 1);
    again.close();
    await until(owner, (docs) => !docs.has(member.id));
    owner.close();
  });
});
