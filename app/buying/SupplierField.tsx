/**
 * An item's supplier (docs/buying.md), on its page: one of the room's
 * suppliers, or none, saved as it is picked. On a product sold in variants
 * it is every variant's supplier (each variant's supplier SKU stays its
 * own). An archived supplier still shows where it is set, marked so.
 */
import { useId, useState } from "react";
import { type ItemDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { useSuppliers } from "./use-suppliers";

/** The one supplier of an item: its own, or its variants' when they all share one (else null: several). */
export function supplierOf(item: ItemDoc): string | null | undefined {
  if (!item.variants?.length) return item.supplierId ?? null;
  const ids = new Set(item.variants.map((variant) => variant.supplierId ?? null));
  return ids.size === 1 ? [...ids][0] : undefined;
}

export function SupplierField({ item }: { item: ItemDoc }) {
  const call = useCall();
  const id = useId();
  const { suppliers } = useSuppliers();
  const [error, setError] = useState<string | null>(null);
  const current = supplierOf(item);
  const choices = suppliers.filter((supplier) => !supplier.archived || supplier._id === current);
  return (
    <div className="item-field" data-field="supplier">
      <div className="item-field-label">
        <label htmlFor={id}>Supplier</label>
      </div>
      <select
        id={id}
        value={current === undefined ? "several" : (current ?? "")}
        onChange={(event) => {
          setError(null);
          const supplierId = event.target.value === "" ? null : event.target.value;
          call(METHOD.ITEMS_UPDATE, item._id, { supplierId }).catch((caught: unknown) =>
            setError(errorMessage(caught)),
          );
        }}
      >
        {current === undefined && (
          <option value="several" disabled>
            Several (by variant)
          </option>
        )}
        <option value="">None</option>
        {choices.map((supplier) => (
          <option key={supplier._id} value={supplier._id}>
            {supplier.archived ? `${supplier.name} (archived)` : supplier.name}
          </option>
        ))}
      </select>
      {suppliers.length === 0 && <p className="muted small">Add suppliers in Settings → Suppliers.</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
