/**
 * What this stall screen recorded — each sale and receipt, newest first,
 * with whether the room has it yet — so a person at a till sees every tap
 * land, and a refusal stays on screen in words instead of vanishing.
 */
import { useCallback, useState } from "react";
import { findVariant, type ItemDoc, METHOD } from "../../protocol/api";
import { variantTitle } from "../catalogue/variant-names";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { confirmScan } from "../stocktake/confirm-scan";

export type StallAction = "sold" | "received";

export interface StallRecord {
  id: number;
  action: StallAction;
  title: string;
  where: string;
  priceCents: number | null;
  currency: string;
  at: Date;
  state: "waiting" | "saved" | "refused";
  reason?: string;
}

let nextId = 1;

/** Sets the outcome of one record in the list (a state setter's update: stable, no render's closure). */
const changeOf = (id: number, change: Partial<StallRecord>) => (all: StallRecord[]) =>
  all.map((each) => (each.id === id ? { ...each, ...change } : each));

export function useStallRecords(): {
  list: readonly StallRecord[];
  record(action: StallAction, item: ItemDoc, variantId: string, place: string, where: string): void;
} {
  const call = useCall();
  const [list, setList] = useState<StallRecord[]>([]);
  const record = useCallback(
    (action: StallAction, item: ItemDoc, variantId: string, place: string, where: string) => {
      const variant = findVariant(item, variantId);
      const priceCents = action === "sold" ? (variant?.priceCents ?? item.priceCents) : null;
      const id = nextId++;
      setList((all) => [
        {
          id,
          action,
          title: variantTitle(item, variantId),
          where,
          priceCents,
          currency: item.currency,
          at: new Date(),
          state: "waiting",
        },
        ...all,
      ]);
      confirmScan("counted");
      // Shown at once by the stock stub, kept on the device until the room has it (no line is fine).
      call(METHOD.STOCK_ADJUST, {
        itemId: item._id,
        ...(variantId !== item._id ? { variantId } : {}),
        locationId: place,
        quantity: action === "sold" ? -1 : 1,
        reason: action,
        ...(priceCents !== null ? { priceCents } : {}),
      }).then(
        () => setList(changeOf(id, { state: "saved" })),
        (error: unknown) => {
          setList(changeOf(id, { state: "refused", reason: errorMessage(error) }));
          confirmScan("refused");
        },
      );
    },
    [call],
  );
  return { list, record };
}
