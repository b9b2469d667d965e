/**
 * Marking an item's last unit Sold (a sale in person, at a market stall)
 * offers to record the sale too: a `sold` movement of one unit at its price,
 * from where it is held. Only offered — the status alone moves no stock
 * (SPEC A10).
 */
import { useCallback } from "react";
import { type ItemDoc, METHOD, stockOfItem } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live";
import { formatPrice } from "../money";
import { useToast } from "../ui/Toast";

export function useOfferSale(): (item: ItemDoc) => void {
  const call = useCall();
  const toast = useToast();
  return useCallback(
    (item: ItemDoc) => {
      const [where] = Object.entries(stockOfItem(item)).find(([, units]) => units > 0) ?? [];
      if (item.quantity !== 1 || !where) return;
      toast.show({
        text: `“${item.title}” is marked sold. Record the sale of its last unit at ${formatPrice(item.priceCents, item.currency)}?`,
        action: {
          label: "Record sale",
          run: () =>
            void call(METHOD.STOCK_ADJUST, {
              itemId: item._id,
              locationId: where,
              quantity: -1,
              reason: "sold",
              priceCents: item.priceCents,
            }).catch((error: unknown) => toast.show({ text: errorMessage(error), tone: "danger" })),
        },
      });
    },
    [call, toast],
  );
}
