/**
 * A stand-in Shopify store to try the Store tab by hand (`npm run
 * stand-in-store`, scripts/stand-in-store.mjs): the fake the tests use
 * (fake-shopify.ts), seeded with a few products, customers and 40 orders,
 * behind a local HTTP server. The app reaches it when started with
 * `SHOPIFY_API_ORIGIN=<origin>` (worker/stand-in-url.ts; local runs only).
 */
import { FakeShopify } from "./fake-shopify";
import { startFakeShopifyServerOn } from "./fake-shopify-server";

export const STAND_IN_SHOP = {
  shop: "stand-in-shop.myshopify.com",
  shopName: "Stand-in Shop",
  currency: "GBP",
  clientId: "stand-in-client-id",
  clientSecret: "stand-in-client-secret",
} as const;

export async function runStandInStore(port: number): Promise<{ origin: string; close(): Promise<void> }> {
  const fake = new FakeShopify({ ...STAND_IN_SHOP });
  fake.addProduct({
    title: "Hornsea Saffron storage jar",
    status: "ACTIVE",
    variant: { sku: "HS-1", price: "18.00", inventoryQuantity: 3 },
  });
  fake.addProduct({
    title: "Denby Greenwheat mug",
    status: "ACTIVE",
    variant: { sku: "DG-2", price: "12.50", inventoryQuantity: 6 },
  });
  fake.addProduct({ title: "Pyrex Gooseberry dish", status: "DRAFT", variant: { sku: "PG-3", price: "22.00" } });
  fake.addOrders(40);
  const server = await startFakeShopifyServerOn(port, fake);
  return { origin: server.origin, close: () => server.close() };
}
