/**
 * How a file's counts become stock, chosen before the check (docs/stock.md):
 * an import never invents stock or moves it between locations. A count
 * with no location (Shopify's product export, a plain spreadsheet) is the
 * count at one location the person chooses, or is left aside ("leave stock
 * as it is" — what re-importing a file to change prices wants). Counts by
 * location (Shopify's inventory export, our own "Stock:" columns) are set
 * where they are; the locations the file does not name keep theirs, unless
 * the person says the file is all of their stock.
 */
import { useId } from "react";
import type { ImportProduct } from "../../../protocol/variant-args";
import { LocationSelect } from "../../stock/LocationSelect";
import { useLocations } from "../../stock/use-locations";
import type { StockChoice } from "./send-import";

/** What kinds of counts the file's products have. */
export function countsIn(products: readonly ImportProduct[]): { total: boolean; byLocation: boolean } {
  const rows = products.flatMap((product) => product.variants);
  return {
    total: rows.some((row) => row.quantity !== undefined && !row.stock),
    byLocation: rows.some((row) => row.stock !== undefined),
  };
}

export function StockChoiceForm({
  products,
  shopifyProducts,
  choice,
  onChange,
  disabled,
}: {
  products: readonly ImportProduct[];
  /** The file is Shopify's product export: its counts are totals over the shop's locations. */
  shopifyProducts: boolean;
  choice: StockChoice;
  onChange(choice: StockChoice): void;
  disabled: boolean;
}) {
  const name = useId();
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);
  const { total, byLocation } = countsIn(products);
  if (!total && !byLocation) return null;
  const place = choice.quantityAt ?? open[0]?._id ?? "";
  return (
    <fieldset className="import-stock-choice" disabled={disabled}>
      <legend>Stock in this file</legend>
      {total && (
        <>
          <label className="checkbox-label">
            <input
              type="radio"
              name={name}
              checked={choice.quantityAt !== null}
              onChange={() => onChange({ ...choice, quantityAt: place })}
            />
            Its quantities are what is at{" "}
            <LocationSelect
              aria-label="Location the quantities are counted at"
              locations={open}
              value={place}
              onChange={(quantityAt) => onChange({ ...choice, quantityAt })}
            />
          </label>
          <label className="checkbox-label">
            <input
              type="radio"
              name={name}
              checked={choice.quantityAt === null}
              onChange={() => onChange({ ...choice, quantityAt: null })}
            />
            Leave stock as it is
          </label>
          <p className="muted small">
            {shopifyProducts
              ? "Shopify's product export counts each variant over all your Shopify locations. For the count at each location, leave stock as it is here and import Shopify's inventory export next."
              : "Stock at other locations is never changed, and no units are moved between locations."}
          </p>
        </>
      )}
      {byLocation && (
        <label className="checkbox-label">
          <input
            type="checkbox"
            checked={choice.unnamedToZero}
            onChange={(event) => onChange({ ...choice, unnamedToZero: event.target.checked })}
          />
          This file is all of its products' stock: set the locations it does not name to 0
        </label>
      )}
    </fieldset>
  );
}
