/**
 * Every code names exactly one variant (docs/stock.md): a variant's label
 * counts and receives that variant; a product's own label of a product sold
 * in variants is refused in words, never counted as its first variant.
 */
import { describe, expect, it } from "vitest";
import { variantLink, variantNeeded } from "../../protocol/label-key";
import { connectToRoom, createRoom } from "./ddp-socket";
import { expectLedgerAddsUp } from "./ledger";
import { roomRow } from "./room-rows";

describe("a variant's label", () => {
  it("counts and receives the variant printed on it, and a product's own label names none", async () => {
    const roomId = await createRoom();
    const { socket } = await connectToRoom(roomId);
    const tee = (await socket.call("items.add", [{ title: "Tee", sku: "TEE", quantity: 2 }])).result as string;
    expect(
      (
        await socket.call("items.setVariants", [
          tee,
          {
            options: ["Size"],
            variants: [
              { _id: tee, values: ["S"], sku: "TEE-S" },
              { values: ["M"], sku: "TEE-M" },
            ],
          },
        ])
      ).error,
    ).toBeUndefined();
    const row = await roomRow<{ variants: string }>(roomId, "SELECT variants FROM items WHERE id = ?", tee);
    const medium = (JSON.parse(row?.variants ?? "[]") as { _id: string }[])[1]?._id as string;
    const links = (await socket.call("items.publicLinks", [[tee]])).result as Record<string, string>;
    const productLabel = links[tee] as string;
    expect(productLabel).toMatch(/\/s\/[A-Za-z0-9]{10}$/);
    const mediumLabel = variantLink(productLabel, medium);

    const received = await socket.call("stock.receive", [mediumLabel, "main", 3]);
    expect(received.result).toMatchObject({ variantId: medium, title: "Tee — M", held: 3 });
    const ambiguous = await socket.call("stock.receive", [productLabel, "main", 1]);
    expect(ambiguous.error).toMatchObject({ error: 409, reason: variantNeeded("Tee") });

    const stocktake = (await socket.call("stocktake.start")).result as string;
    expect((await socket.call("stocktake.scan", [stocktake, mediumLabel])).result).toMatchObject({
      variantId: medium,
      title: "Tee — M",
    });
    expect((await socket.call("stocktake.scan", [stocktake, productLabel])).error).toMatchObject({
      error: 409,
      reason: variantNeeded("Tee"),
    });
    // The product's id is no code of a variant either; the first variant's own SKU is.
    expect((await socket.call("stocktake.scan", [stocktake, tee])).error).toMatchObject({ error: 409 });
    expect((await socket.call("stocktake.scan", [stocktake, "TEE-S"])).result).toMatchObject({ variantId: tee });
    await expectLedgerAddsUp(roomId);
    socket.close();
  });
});
