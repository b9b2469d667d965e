/**
 * The daily low-stock e-mail (docs/architecture.md §9): once a day, to the members who
 * asked for it, at 07:00 in each one's own time zone, listing what is at or
 * below its reorder point — and nothing on a day when nothing is low.
 */
import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nextHourIn } from "../../protocol/time-zones";
import { runDueDigest } from "../../worker/inventory/low-stock-digest";
import type { RoomHost } from "../../worker/rooms/room-host";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { outboxMails } from "./outbox";
import { roomRow, roomStub } from "./room-rows";

/** Runs the room's digest as its alarm would at `now`; answers when the next is due. */
function digestAt(roomId: string, now: number): Promise<number | null> {
  return runInDurableObject(roomStub(roomId), (instance) =>
    runDueDigest((instance as unknown as { liveHost: RoomHost }).liveHost, now),
  );
}

/** When the room's alarm next runs the digest. */
async function dueAt(roomId: string): Promise<number> {
  const row = await roomRow<{ value: string }>(
    roomId,
    "SELECT value FROM room_state WHERE key = 'low-stock-digest-due'",
  );
  return Number(row?.value);
}

const mailsTo = async (to: string) => (await outboxMails()).filter((mail) => mail.to === to);

describe("the daily low-stock e-mail", () => {
  it("goes once a day to those who asked, listing what is low, and not at all when nothing is", async () => {
    const roomId = await createRoom("Corner shop");
    const { socket } = await connectToRoom(roomId);
    const lamp = (await socket.call("items.add", [{ title: "Lamp", quantity: 1, reorderPoint: 2 }])).result as string;
    await socket.call("items.add", [{ title: "Vase", quantity: 8, reorderPoint: 2 }]);
    const quiet = await signUpUser();
    await socket.call("members.invite", [quiet.email, "member"]);
    expect((await socket.call("members.setLowStockEmails", [true])).error).toBeUndefined();

    // Asked for with no time zone: the next one is due at 07:00 UTC.
    const due = await dueAt(roomId);
    expect(due).toBe(nextHourIn(Date.now(), "UTC", 7));

    const before = await outboxMails();
    expect(await digestAt(roomId, due - 60_000)).toBe(due);
    expect((await outboxMails()).length).toBe(before.length);

    expect(await digestAt(roomId, due + 60_000)).toBe(due + 24 * 60 * 60 * 1000);
    const sent = (await outboxMails()).filter((mail) => mail.subject === "Low on stock in Corner shop: 1 item");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.text).toContain("Lamp: 1 left (reorder at 2)");
    expect(sent[0]?.text).toContain("once a day, at 07:00 UTC time");
    expect(sent[0]?.text).not.toContain("Vase");
    // The member who did not ask gets none (only their invitation).
    expect((await mailsTo(quiet.email)).filter((mail) => mail.subject.startsWith("Low on stock"))).toHaveLength(0);

    // The same day again: nothing more. The next day with nothing low: nothing either.
    expect(await digestAt(roomId, due + 120_000)).toBe(due + 24 * 60 * 60 * 1000);
    expect((await socket.call("items.update", [lamp, { quantity: 5 }])).error).toBeUndefined();
    const count = (await outboxMails()).length;
    await digestAt(roomId, due + 24 * 60 * 60 * 1000 + 60_000);
    expect((await outboxMails()).length).toBe(count);
    socket.close();
  });
});

describe("the e-mail in each member's own time zone", () => {
  it("goes at 07:00 in New York to one member and at 07:00 in Tokyo to another, each once a day", async () => {
    const roomId = await createRoom("Two cities");
    const { socket } = await connectToRoom(roomId);
    await socket.call("items.add", [{ title: "Kettle", quantity: 1, reorderPoint: 3 }]);
    const tokyo = await signUpUser();
    expect((await socket.call("members.invite", [tokyo.email, "member"])).error).toBeUndefined();
    expect((await socket.call("members.setLowStockEmails", [true, "Mars/Olympus"])).error).toMatchObject({
      reason: "That is not a time zone",
    });
    expect((await socket.call("members.setLowStockEmails", [true, "America/New_York"])).error).toBeUndefined();
    const asked = Date.now();
    const { socket: other } = await connectToRoom(roomId, { token: tokyo.token });
    expect((await other.call("members.setLowStockEmails", [true, "Asia/Tokyo"])).error).toBeUndefined();

    // The room wakes at whichever 07:00 comes first.
    const newYork = nextHourIn(asked, "America/New_York", 7);
    const tokyoHour = nextHourIn(Date.now(), "Asia/Tokyo", 7);
    expect(await dueAt(roomId)).toBe(Math.min(newYork, tokyoHour));
    const lowMails = async () =>
      (await outboxMails()).filter((mail) => mail.subject === "Low on stock in Two cities: 1 item").map((m) => m.to);

    // Each run at one city's hour mails that city's member only, and names the other city's hour as next.
    const first = Math.min(newYork, tokyoHour);
    const second = Math.max(newYork, tokyoHour);
    const isTokyo = (to: string | undefined) => to === tokyo.email;
    expect(await digestAt(roomId, first + 60_000)).toBe(second);
    const [firstTo] = await lowMails();
    expect(isTokyo(firstTo)).toBe(first === tokyoHour);
    expect(await digestAt(roomId, second + 60_000)).toBe(first + 24 * 60 * 60 * 1000);
    const both = await lowMails();
    expect(both).toHaveLength(2);
    expect(both.filter(isTokyo)).toHaveLength(1);
    const [tokyoMail] = (await mailsTo(tokyo.email)).filter((mail) => mail.subject.startsWith("Low on stock"));
    expect(tokyoMail?.text).toContain("once a day, at 07:00 Asia/Tokyo time");
    // A second run in the same hour sends nothing more; the next day's first hour, one to that city again.
    await digestAt(roomId, second + 120_000);
    expect(await lowMails()).toHaveLength(2);
    await digestAt(roomId, first + 24 * 60 * 60 * 1000 + 60_000);
    const three = await lowMails();
    expect(three).toHaveLength(3);
    expect(three.filter((to) => to === firstTo)).toHaveLength(2);
    socket.close();
    other.close();
  });
});

describe("reorder points per location, and per variant", () => {
  it("lists a location at or below its own point, and a low size, in the e-mail and the catalogue's Low filter", async () => {
    const roomId = await createRoom("Two rooms shop");
    const { socket } = await connectToRoom(roomId);
    const back = (await socket.call("locations.add", ["Back room"])).result as string;
    // Plenty in all (7), but the shop floor's own point is 3 and it holds 2.
    const lamp = (
      await socket.call("items.add", [
        { title: "Lamp", quantity: 2, reorderPoint: 1, locationReorderPoints: { main: 3 } },
      ])
    ).result as string;
    await socket.call("stock.adjust", [{ itemId: lamp, locationId: back, quantity: 5, reason: "received" }]);
    const tee = (await socket.call("items.add", [{ title: "Tee", quantity: 4 }])).result as string;
    await socket.call("items.setVariants", [
      tee,
      {
        options: ["Size"],
        variants: [
          { values: ["S"], reorderPoint: 5 },
          { values: ["M"], locationReorderPoints: { [back]: 1 } },
        ],
      },
    ]);
    await socket.call("items.add", [
      { title: "Vase", quantity: 8, reorderPoint: 2, locationReorderPoints: { main: 1 } },
    ]);
    expect((await socket.call("members.setLowStockEmails", [true])).error).toBeUndefined();

    const due = await dueAt(roomId);
    await digestAt(roomId, due + 60_000);
    const [mail] = (await outboxMails()).filter((each) => each.subject.startsWith("Low on stock in Two rooms shop"));
    expect(mail?.subject).toBe("Low on stock in Two rooms shop: 3 items");
    expect(mail?.text).toContain("Lamp at Main: 2 left (reorder at 3)");
    expect(mail?.text).toContain("Tee — S: 4 left (reorder at 5)");
    expect(mail?.text).toContain("Tee — M at Back room: 0 left (reorder at 1)");
    expect(mail?.text).not.toContain("Vase");

    const windowId = "low-window";
    const before = socket.received.length;
    expect((await socket.subscribe("items.window", [{ low: true }], windowId)).msg).toBe("ready");
    const shown = socket.received
      .slice(before)
      .filter((m) => m.msg === "added" && m.collection === "items")
      .map((m) => (m.fields as { title: string }).title)
      .sort();
    expect(shown).toEqual(["Lamp", "Tee"]);
    socket.close();
  });
});
