/**
 * An item's variants on its page (protocol/variants.ts, docs/architecture.md
 * §9): a product sold as one item says so and offers to add options (Size,
 * Colour…); a product with options lists its variants — each one's SKU,
 * barcode, price, reorder point and stock — and whoever edits the catalogue
 * changes them all in one step (VariantEditor.tsx, one `items.setVariants`).
 */
import { useState } from "react";
import { hasVariants, type ItemDoc, isLowVariant, variantName } from "../../protocol/api";
import { formatPrice } from "../money";
import { LowBadge } from "../stock/LowBadge";
import { useLocations } from "../stock/use-locations";
import { Button } from "../ui/Button";
import { Table } from "../ui/Table";
import { VariantEditor } from "./VariantEditor";
import { draftOf, type VariantDraft } from "./variant-editor";
import "./variants.css";

export function VariantsSection({ item, canEdit }: { item: ItemDoc; canEdit: boolean }) {
  const [editing, setEditing] = useState<VariantDraft | null>(null);
  const sold = hasVariants(item);
  // The editor counts at the room's first open location unless another is chosen there.
  const { locations } = useLocations();
  const place = locations.find((location) => !location.archived)?._id ?? "";
  return (
    <section className="card variants-card" aria-labelledby="variants-heading">
      <h2 id="variants-heading">Variants</h2>
      {editing ? (
        <VariantEditor item={item} initial={editing} onDone={() => setEditing(null)} />
      ) : sold ? (
        <>
          <VariantList item={item} />
          {canEdit && (
            <div className="form-actions">
              <Button variant="secondary" onClick={() => setEditing(draftOf(item, place))}>
                Edit variants
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <p className="muted">
            Sold as one item. If it comes in sizes, colours or other choices, add them as options: each combination gets
            its own SKU, barcode, price and stock.
          </p>
          {canEdit && (
            <div className="form-actions">
              <Button variant="secondary" onClick={() => setEditing({ options: [""], rows: [], countAt: place })}>
                Add options (size, colour…)
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

/** The variants as they are, read-only. */
function VariantList({ item }: { item: ItemDoc }) {
  const variants = item.variants ?? [];
  return (
    <>
      <p className="muted small">Options: {(item.options ?? []).join(", ")}</p>
      <Table
        label={`Variants of ${item.title}`}
        testId="variants-table"
        stacked
        columns={[
          { key: "name", header: "Variant" },
          { key: "sku", header: "SKU" },
          { key: "barcode", header: "Barcode" },
          { key: "price", header: "Price", numeric: true },
          { key: "reorder", header: "Reorder at", numeric: true },
          { key: "stock", header: "Stock", numeric: true },
        ]}
        rows={variants.map((variant) => ({
          key: variant._id,
          cells: {
            name: variantName(variant),
            sku: variant.sku ? <span className="mono">{variant.sku}</span> : <span className="muted">—</span>,
            barcode: variant.barcode ? (
              <span className="mono">{variant.barcode}</span>
            ) : (
              <span className="muted">—</span>
            ),
            price: formatPrice(variant.priceCents, item.currency),
            reorder: variant.reorderPoint === null ? "—" : variant.reorderPoint.toLocaleString(),
            stock: (
              <>
                {variant.quantity.toLocaleString()}
                {isLowVariant(variant) && <LowBadge />}
              </>
            ),
          },
        }))}
      />
    </>
  );
}
