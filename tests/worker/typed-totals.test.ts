/**
 * Absolute edits are safe (docs/stock.md): a total typed comes with the
 * total the person saw; when it changed meanwhile, the difference from what
 * they saw is recorded — both people's corrections count — and the answer
 * says who changed it to what, so the screen can say so.
 */
import { describe, expect, it } from "vitest";
import { connectToRoom, createRoom, signUpUser } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow } from "./room-rows";

describe("two people typing a count at once", () => {
  it("records the second as a difference from what they saw, and says what happened meanwhile", async () => {
    const roomId = await createRoom();
    const { socket: alex } = await connectToRoom(roomId);
    const mug = (await alex.call("items.add", [{ title: "Mug", quantity: 6 }])).result as string;
    const sam = await signUpUser();
    await alex.call("members.invite", [sam.email, "member"]);
    const { socket: other } = await connectToRoom(roomId, { token: sam.token });

    // Both saw 6. Alex types 8 first; Sam, who still sees 6, types 5 (one broke).
    expect((await alex.call("items.update", [mug, { quantity: 8, quantityWas: 6 }])).result).toBeNull();
    const answer = await other.call("items.update", [mug, { quantity: 5, quantityWas: 6 }]);
    const alexId = (await roomRow<{ created_by: string }>(roomId, "SELECT created_by FROM items"))?.created_by;
    expect(answer.result).toEqual({ was: 6, typed: 5, found: 8, by: alexId, now: 7 });
    expect((await roomRow<{ quantity: number }>(roomId, "SELECT quantity FROM items"))?.quantity).toBe(7);

    // A total typed with nothing changed meanwhile is just that total.
    expect((await other.call("items.update", [mug, { quantity: 4, quantityWas: 7 }])).result).toBeNull();
    expect((await roomRow<{ quantity: number }>(roomId, "SELECT quantity FROM items"))?.quantity).toBe(4);
    await expectLedgerAddsUp(roomId);
    alex.close();
    other.close();
  });

  it("does the same for a variant's count", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const tee = (await socket.call("items.add", [{ title: "Tee", quantity: 3 }])).result as string;
    await socket.call("items.setVariants", [tee, { options: ["Size"], variants: [{ _id: tee, values: ["S"] }] }]);
    await socket.call("items.updateVariant", [tee, tee, { quantity: 9, quantityWas: 3 }]);
    const answer = await socket.call("items.updateVariant", [tee, tee, { quantity: 2, quantityWas: 3 }]);
    expect(answer.result).toMatchObject({ was: 3, typed: 2, found: 9, now: 8 });
    expect((await roomRow<{ quantity: number }>(roomId, "SELECT quantity FROM items"))?.quantity).toBe(8);
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});

describe("counts typed in the variant editor", () => {
  it("are set at the location they are for, as corrections, keeping a change made meanwhile", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const stall = (await socket.call("locations.add", ["Stall"])).result as string;
    const tee = (await socket.call("items.add", [{ title: "Tee", sku: "TEE", quantity: 4 }])).result as string;
    // Sizes made, with S counted at the stall (the product's 4 stay at Main) and M counted at 2 there.
    const ids = (
      await socket.call("items.setVariants", [
        tee,
        {
          options: ["Size"],
          variants: [
            { _id: tee, values: ["S"], sku: "TEE", count: { locationId: stall, quantity: 3, seen: 0 } },
            { values: ["M"], count: { locationId: stall, quantity: 2, seen: 0 } },
          ],
        },
      ])
    ).result as string[];
    const variants = async () =>
      JSON.parse((await roomRow<{ variants: string }>(roomId, "SELECT variants FROM items"))?.variants ?? "[]") as {
        _id: string;
        stock: Record<string, number>;
      }[];
    expect((await variants()).map((variant) => variant.stock)).toEqual([{ main: 4, [stall]: 3 }, { [stall]: 2 }]);
    // One M sold at the stall, then someone who still saw 2 types 5: 5 − 2 more than the 1 there, 4.
    await socket.call("stock.adjust", [
      { itemId: tee, variantId: ids[1], locationId: stall, quantity: -1, reason: "sold", priceCents: 100 },
    ]);
    await socket.call("items.setVariants", [
      tee,
      {
        options: ["Size"],
        variants: [
          { _id: tee, values: ["S"], sku: "TEE" },
          { _id: ids[1], values: ["M"], count: { locationId: stall, quantity: 5, seen: 2 } },
        ],
      },
    ]);
    expect((await variants())[1]?.stock).toEqual({ [stall]: 4 });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
