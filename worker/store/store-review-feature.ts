/**
 * `store.reviewProduct`: a person decides for a store product held for
 * review (store-review.ts) — link it to an item here, import it as new, or
 * ignore it — in one turn of the room's write queue.
 */
import { can, METHOD } from "../../protocol/api";
import { defineMethod } from "../contract";
import { findItemByStoreProduct } from "../db/room/items-repo";
import { findStoreConnection } from "../db/room/store-repo";
import type { LiveRegistry } from "../live/registry";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { storeClientFor } from "./store-connection";
import { bringInStoreLevels, keepsStoreLocations } from "./store-levels-in";
import type { StoreProduct } from "./store-product-record";
import { applyStoreProductNow } from "./store-products";
import { decideReview } from "./store-review";

export function registerStoreReview(registry: LiveRegistry<RoomHost>): void {
  defineMethod(registry, METHOD.STORE_REVIEW_PRODUCT, {
    run: async (ctx, productId, choice) => {
      await requireRole(ctx, can.useStore);
      const host = ctx.host;
      let brought: StoreProduct | null = null;
      const levelsAfter = keepsStoreLocations(host);
      const itemId = await host.writes.run(
        () =>
          decideReview(host, productId, choice, async (product, decided) => {
            await applyStoreProductNow(host, product, { create: true, currency: "", decided, levelsAfter });
            brought = product;
            return (await findItemByStoreProduct(host.roomDb, host.roomId, product.productId))?.id ?? null;
          }),
        ctx.userId ?? undefined,
      );
      // Its stock at each store location kept here, as the sync brings a product's in.
      const product = brought as StoreProduct | null;
      const connection = await findStoreConnection(host.roomDb, host.roomId);
      if (product && levelsAfter && connection) {
        const ids = product.variants.map((variant) => variant.inventoryItemId);
        await bringInStoreLevels(host, storeClientFor(host, connection), ids);
      }
      return { itemId };
    },
  });
}
