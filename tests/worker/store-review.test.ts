/**
 * Bringing the store's catalogue in (worker/store/store-review.ts), against
 * the fake Shopify at its HTTP boundary: products matched by SKU or barcode
 * are linked, those matched by nothing surer than a title — or whose SKU an
 * item linked elsewhere has — wait for a person, who links, imports as new
 * or ignores each; nothing is made twice, however often the sync runs.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { roomRows } from "./room-rows";
import { connectedRoom, fakeStore, syncAndWait } from "./store-sync-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const itemsHere = (roomId: string) =>
  roomRows<{ title: string; sku: string; store_product_id: string }>(
    roomId,
    "SELECT title, sku, store_product_id FROM items ORDER BY title",
  );

describe("the store's catalogue brought in", () => {
  it("links what its SKU or barcode names, holds what only a title matches for review, and makes nothing twice", async () => {
    const fake = fakeStore();
    const stool = fake.addProduct({ title: "Oak stool", variant: { sku: "OS-1" } });
    const jug = fake.addProduct({ title: "Clay Jug", variant: { sku: "" } });
    const throwProduct = fake.addProduct({ title: "Wool throw", variant: { sku: "WO-1" } });
    const napkins = fake.addProduct({ title: "Napkins", variant: { sku: "", barcode: "4006381333931" } });
    const fresh = fake.addProduct({ title: "Walnut tray", variant: { sku: "WT-1" } });
    const { roomId, socket } = await connectedRoom(fake);
    for (const item of [
      { title: "Oak stool", sku: "OS-1" },
      { title: "clay jug" },
      { title: "Wool blanket", sku: "WO-1" },
      { title: "Linen napkins", barcode: "4006381333931" },
    ]) {
      expect((await socket.call("items.add", [item])).error).toBeUndefined();
    }
    // The blanket is linked to another store product already: its SKU cannot link the throw.
    await roomRows(roomId, "UPDATE items SET store_product_id = 'gid://shopify/Product/elsewhere' WHERE sku = 'WO-1'");

    expect(await syncAndWait(socket)).toMatchObject({ error: "" });
    expect(await itemsHere(roomId)).toEqual([
      { title: "Napkins", sku: "", store_product_id: napkins.id },
      { title: "Oak stool", sku: "OS-1", store_product_id: stool.id },
      { title: "Walnut tray", sku: "WT-1", store_product_id: fresh.id },
      { title: "Wool blanket", sku: "WO-1", store_product_id: "gid://shopify/Product/elsewhere" },
      { title: "clay jug", sku: "", store_product_id: "" },
    ]);
    const review = () => {
      const doc: Record<string, unknown> = {};
      for (const m of socket.received) if (m.collection === "store" && m.id === "review") Object.assign(doc, m.fields);
      return doc as { open?: { productId: string; reason: string; candidateTitle: string }[]; total?: number };
    };
    await expect
      .poll(() => review().open?.map((line) => [line.productId, line.reason, line.candidateTitle]))
      .toEqual([
        [jug.id, "title", "clay jug"],
        [throwProduct.id, "sku", "Wool blanket"],
      ]);

    // The jug is ours: linked. The throw is another thing: a new item, its SKU staying with the blanket.
    const jugItem = (await roomRows<{ id: string }>(roomId, "SELECT id FROM items WHERE title = 'clay jug'"))[0]?.id;
    const linked = await socket.call("store.reviewProduct", [jug.id, { choice: "link", itemId: jugItem }]);
    expect(linked.result).toEqual({ itemId: jugItem });
    expect((await socket.call("store.reviewProduct", [throwProduct.id, { choice: "new" }])).error).toBeUndefined();
    await expect.poll(() => review().total).toBe(0);
    const afterReview = await itemsHere(roomId);
    expect(afterReview.find((item) => item.store_product_id === jug.id)?.title).toBe("Clay Jug");
    expect(afterReview.find((item) => item.store_product_id === throwProduct.id)).toMatchObject({
      title: "Wool throw",
      sku: "",
    });
    // Deciding twice is refused in words.
    expect((await socket.call("store.reviewProduct", [jug.id, { choice: "new" }])).error).toMatchObject({
      error: 404,
      reason: "That store product is no longer waiting for review",
    });

    // A lookalike ignored is not brought in again, however often the whole store is read.
    expect((await socket.call("items.add", [{ title: "Teapot" }])).error).toBeUndefined();
    const mug = fake.addProduct({ title: "TEAPOT", variant: { sku: "" } });
    await syncAndWait(socket, { full: true });
    await expect.poll(() => review().open?.map((line) => line.productId)).toEqual([mug.id]);
    expect((await socket.call("store.reviewProduct", [mug.id, { choice: "ignore" }])).error).toBeUndefined();
    await syncAndWait(socket, { full: true });
    expect(await itemsHere(roomId)).toHaveLength(7);
    expect(review()).toMatchObject({ total: 0, ignored: 1 });
    socket.close();
  });
});
