/**
 * Adds a variant to an order (docs/buying.md): found by its title, SKU,
 * barcode or supplier SKU among the room's items — this supplier's first —
 * or by scanning its code (a handheld types it and presses Enter, which
 * adds the one variant it names). Added at the variant's cost; a variant
 * already on the order gets the new quantity.
 */
import { type FormEvent, useState } from "react";
import {
  type ItemDoc,
  METHOD,
  type PurchaseOrderDoc,
  type PurchaseOrderLineDoc,
  type VariantDoc,
  variantName,
  variantsOf,
} from "../../protocol/api";
import { useCall } from "../live-api";
import { formatPrice, parseQuantity, QUANTITY_HINT } from "../money";
import type { DeviceItems } from "../stocktake/stocktake-stubs";
import { useStocktakeItems } from "../stocktake/use-stocktake-items";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useRun } from "../ui/use-run";

interface Match {
  item: ItemDoc;
  variant: VariantDoc;
  name: string;
}

const SHOWN = 8;

/** The variants `text` finds (every word in the title, or a code exactly), the supplier's first. */
export function matchingVariants(items: readonly ItemDoc[], text: string, supplierId: string): Match[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const code = text.trim().toLowerCase();
  const found: Match[] = [];
  for (const item of items) {
    for (const variant of variantsOf(item)) {
      const name = variant.values.length ? `${item.title} — ${variantName(variant)}` : item.title;
      const codes = [variant.sku, variant.barcode, variant.supplierSku ?? ""].map((each) => each.toLowerCase());
      const titled = words.every((word) => name.toLowerCase().includes(word));
      if (titled || codes.includes(code)) found.push({ item, variant, name });
    }
  }
  const ours = (match: Match) => (match.variant.supplierId === supplierId ? 0 : 1);
  return found.sort((a, b) => ours(a) - ours(b) || a.name.localeCompare(b.name));
}

export function AddOrderLine({
  order,
  lines,
  roomId,
  deviceItems,
}: {
  order: PurchaseOrderDoc;
  lines: readonly PurchaseOrderLineDoc[];
  roomId: string;
  deviceItems: DeviceItems;
}) {
  const call = useCall();
  const { items } = useStocktakeItems(roomId, deviceItems);
  const [text, setText] = useState("");
  const [units, setUnits] = useState("1");
  const { error, run } = useRun();
  const matches = matchingVariants(items, text, order.supplierId);
  const onOrder = new Map(lines.map((line) => [line.variantId, line.quantity]));

  async function add(match: Match) {
    const quantity = parseQuantity(units);
    if (quantity === null || quantity === 0) {
      await run(async () => {
        throw new Error(QUANTITY_HINT);
      });
      return;
    }
    const added = await run(() =>
      call(METHOD.PURCHASE_ORDERS_SET_LINE, order._id, {
        itemId: match.item._id,
        variantId: match.variant._id,
        quantity,
      }),
    );
    if (added) setText("");
  }
  // Enter adds the one variant the text names: a scanned code, or a search down to one.
  function submit(event: FormEvent) {
    event.preventDefault();
    const code = text.trim().toLowerCase();
    const exact = matches.filter((match) =>
      [match.variant.sku, match.variant.barcode].some((each) => each && each.toLowerCase() === code),
    );
    const only = exact.length === 1 ? exact[0] : matches.length === 1 ? matches[0] : undefined;
    if (only) void add(only);
    else
      void run(async () => {
        throw new Error(
          matches.length === 0
            ? `No item of this room matches “${text.trim()}”`
            : "Choose which of the items below to add",
        );
      });
  }

  return (
    <form className="add-order-line" onSubmit={submit} aria-label="Add to the order">
      <div className="add-order-line-fields">
        <Field label="Add an item" hint="Its title, SKU or barcode; scan a code to add it">
          {(props) => (
            <input
              {...props}
              value={text}
              autoComplete="off"
              onChange={(event) => setText(event.target.value)}
              placeholder="Search or scan"
            />
          )}
        </Field>
        <Field label="How many">
          {(props) => (
            <input {...props} inputMode="numeric" value={units} onChange={(event) => setUnits(event.target.value)} />
          )}
        </Field>
        {/* Enter in either field adds the one variant the text names (a form of two fields needs its button). */}
        <Button type="submit" variant="secondary" disabled={text.trim() === ""}>
          Add
        </Button>
      </div>
      {text.trim() !== "" &&
        (matches.length === 0 ? (
          <p className="muted">No item of this room matches “{text.trim()}”.</p>
        ) : (
          <ul className="order-matches" aria-label="Matching items">
            {matches.slice(0, SHOWN).map((match) => (
              <li key={match.variant._id}>
                <span>
                  {match.name}
                  <span className="muted small">
                    {" "}
                    {[
                      match.variant.sku,
                      match.variant.costCents == null ? "" : formatPrice(match.variant.costCents, order.currency),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                    {onOrder.has(match.variant._id) ? ` · ${onOrder.get(match.variant._id)} on this order` : ""}
                  </span>
                </span>
                <Button size="sm" variant="secondary" onClick={() => void add(match)} aria-label={`Add ${match.name}`}>
                  {onOrder.has(match.variant._id) ? "Set" : "Add"}
                </Button>
              </li>
            ))}
            {matches.length > SHOWN && (
              <li className="muted small">…and {matches.length - SHOWN} more: type more of the name</li>
            )}
          </ul>
        ))}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
