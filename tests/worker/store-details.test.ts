/**
 * An item's details the store keeps too (worker/store/store-details.ts),
 * against the fake Shopify at its HTTP boundary: publishing sends the
 * vendor, type, SEO and each variant's "was" price, cost and weight; a
 * change of them here follows; one made in the store comes back.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { productWebhookPayload } from "../support/fake-shopify";
import { roomRow } from "./room-rows";
import { connectedRoom, fakeStore, syncAndWait } from "./store-sync-helpers";
import { deliverWebhook } from "./webhook-helpers";

afterEach(() => {
  vi.restoreAllMocks();
});

const itemDetails = (roomId: string) =>
  roomRow<Record<string, unknown>>(
    roomId,
    "SELECT vendor, product_type, seo_title, cost_cents, compare_at_cents, weight_grams, weight_unit FROM items",
  );

describe("an item's details in the store", () => {
  it("are sent with a new product, follow a change here, and come back when changed in the store", async () => {
    const fake = fakeStore();
    const { roomId, socket } = await connectedRoom(fake);
    const lamp = (
      await socket.call("items.add", [
        {
          title: "Brass lamp",
          sku: "LAMP-1",
          priceCents: 12000,
          compareAtCents: 15000,
          costCents: 6000,
          weightGrams: 1500,
          weightUnit: "kg",
          vendor: "Anglepoise",
          productType: "Lamp",
          seoTitle: "Brass lamp, 1970s",
          seoDescription: "Rewired and tested",
        },
      ])
    ).result as string;
    const published = await socket.call("store.publish", [lamp]);
    expect(published.error).toBeUndefined();
    const productId = (published.result as { storeProductId: string }).storeProductId;
    expect(fake.products.get(productId)).toMatchObject({
      vendor: "Anglepoise",
      productType: "Lamp",
      seo: { title: "Brass lamp, 1970s", description: "Rewired and tested" },
      variant: { compareAtPrice: "150.00", cost: "60.00", weight: { value: 1.5, unit: "KILOGRAMS" } },
    });

    // A new cost here follows to the store, with nothing else resent.
    expect((await socket.call("items.update", [lamp, { costCents: 6500, vendor: "Anglepoise Ltd" }])).error).toBe(
      undefined,
    );
    await expect.poll(() => fake.products.get(productId)?.variant.cost, { timeout: 10_000 }).toBe("65.00");
    expect(fake.products.get(productId)?.vendor).toBe("Anglepoise Ltd");

    // The store's type and "was" price changed there: they come back with its next product update.
    const product = fake.products.get(productId);
    if (!product) throw new Error("no product");
    product.productType = "Lighting";
    product.variant.compareAtPrice = "140.00";
    const update = await deliverWebhook(fake.shop, "products/update", productWebhookPayload(product), {
      secret: fake.clientSecret,
    });
    expect(update.status).toBe(200);
    await expect.poll(() => itemDetails(roomId)).toMatchObject({ product_type: "Lighting", compare_at_cents: 14000 });
    // What it did not say (a webhook has no cost) stays as it is here.
    expect(await itemDetails(roomId)).toMatchObject({ vendor: "Anglepoise Ltd", cost_cents: 6500 });
    socket.close();
  });

  it("a store product comes in with its vendor, type, SEO, cost, “was” price and weight", async () => {
    const fake = fakeStore();
    fake.addProduct({
      title: "Wool cap",
      vendor: "Atelier",
      productType: "Hats",
      seo: { title: "Warm wool cap", description: "Knitted in Wales" },
      variant: {
        sku: "CAP-1",
        price: "25.00",
        compareAtPrice: "30.00",
        cost: "9.50",
        weight: { value: 4, unit: "OUNCES" },
      },
    });
    const { roomId, socket } = await connectedRoom(fake);
    await syncAndWait(socket);
    expect(await itemDetails(roomId)).toEqual({
      vendor: "Atelier",
      product_type: "Hats",
      seo_title: "Warm wool cap",
      cost_cents: 950,
      compare_at_cents: 3000,
      weight_grams: 113,
      weight_unit: "oz",
    });
    socket.close();
  });
});
