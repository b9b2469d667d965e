/**
 * Marking an item's last unit Sold (a sale in person, at a market stall)
 * offers to record the sale too: a `sold` movement of one unit at its price,
 * from where it is held — of the variant holding it, for a product with
 * options (docs/architecture.md §9). Only offered — the status alone moves
 * no stock (docs/stock.md "Movements: stock is the sum of its movements").
 */
import { useCallback } from "react";
import { hasVariants, type ItemDoc, METHOD, variantsOf } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { formatPrice } from "../money";
import { useToast } from "../ui/Toast";

export function useOfferSale(): (item: ItemDoc) => void {
  const call = useCall();
  const toast = useToast();
  return useCallback(
    (item: ItemDoc) => {
      const held = variantsOf(item).find((variant) => variant.quantity > 0);
      const [where] = Object.entries(held?.stock ?? {}).find(([, units]) => units > 0) ?? [];
      if (item.quantity !== 1 || !held || !where) return;
      const priceCents = held.priceCents;
      toast.show({
        text: `“${item.title}” is marked sold. Record the sale of its last unit at ${formatPrice(priceCents, item.currency)}?`,
        action: {
          label: "Record sale",
          run: () =>
            void call(METHOD.STOCK_ADJUST, {
              itemId: item._id,
              ...(hasVariants(item) ? { variantId: held._id } : {}),
              locationId: where,
              quantity: -1,
              reason: "sold",
              priceCents,
            }).catch((error: unknown) => toast.show({ text: errorMessage(error), tone: "danger" })),
        },
      });
    },
    [call, toast],
  );
}
