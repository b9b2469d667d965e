/**
 * A product's stock by variant and location (docs/architecture.md §9): a
 * row per variant, a column per location the panel shows, its total, and a
 * "Low" badge on a variant at or below its reorder point (a location at or
 * below the variant's own point there says "(low)"). Scrolls sideways
 * inside its card on a phone.
 */
import { type ItemDoc, isLowVariant, type LocationDoc, lowLocations, variantName } from "../../protocol/api";
import { Table } from "../ui/Table";
import { LowBadge } from "./LowBadge";

export function VariantStock({ item, locations }: { item: ItemDoc; locations: readonly LocationDoc[] }) {
  return (
    <div className="variant-stock">
      <Table
        label={`Stock of each variant of ${item.title}`}
        testId="stock-by-variant"
        columns={[
          { key: "variant", header: "Variant" },
          ...locations.map((location) => ({ key: location._id, header: location.name, numeric: true })),
          { key: "total", header: "Total", numeric: true },
        ]}
        rows={(item.variants ?? []).map((variant) => ({
          key: variant._id,
          cells: {
            variant: variantName(variant),
            ...Object.fromEntries(
              locations.map((location) => {
                const held = (variant.stock[location._id] ?? 0).toLocaleString();
                // A location at or below the variant's own point there is marked.
                const low = lowLocations(variant.stock, variant.locationReorderPoints).includes(location._id);
                return [location._id, low ? `${held} (low)` : held];
              }),
            ),
            total: (
              <>
                {variant.quantity.toLocaleString()}
                {isLowVariant(variant) && <LowBadge />}
              </>
            ),
          },
        }))}
      />
    </div>
  );
}
