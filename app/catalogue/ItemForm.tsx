/**
 * Every field of an item. Each field saves on its own as the person leaves
 * it (ItemField.tsx), as the catalogue's cells do: there is no form to
 * submit, so nothing typed waits behind a button to be lost. The status
 * saves as it is picked. A viewer reads the fields as text, with a note
 * saying why they cannot change them.
 */
import { type ReactNode, useId, useState } from "react";
import {
  hasVariants,
  ITEM_STATUSES,
  type ItemDoc,
  type ItemStatus,
  METHOD,
  ROLE_CAN,
  ROLE_NAMES,
} from "../../protocol/api";
import { useLoginState } from "../accounts";
import { SupplierField, supplierOf } from "../buying/SupplierField";
import { useSuppliers } from "../buying/use-suppliers";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { formatPrice } from "../money";
import { useNameOf } from "../people/use-name-of";
import { useMyRole } from "../team/use-my-role";
import { draftsFor } from "./field-drafts";
import { ItemField } from "./ItemField";
import { ITEM_FIELDS, type ItemFieldName, itemField, weightText } from "./item-fields";
import { statusName } from "./StatusMenu";
import { priceText } from "./variant-price";

const GRID_FIELDS = [
  "sku",
  "barcode",
  "price",
  "compareAt",
  "cost",
  "supplierSku",
  "currency",
  "quantity",
  "reorderPoint",
  "weight",
  "location",
  "vendor",
  "productType",
] as const;
/** A product with options keeps these in its variants (protocol/variants.ts): they are edited there. */
const VARIANT_FIELDS: readonly ItemFieldName[] = [
  "sku",
  "barcode",
  "price",
  "compareAt",
  "cost",
  "supplierSku",
  "quantity",
  "reorderPoint",
  "weight",
];
const gridFields = (item: ItemDoc) =>
  hasVariants(item) ? GRID_FIELDS.filter((name) => !VARIANT_FIELDS.includes(name)) : GRID_FIELDS;
const VARIANTS_NOTE =
  "SKU, barcode, price, cost, supplier SKU, stock, weight and reorder point are each variant's own: see Variants.";

export function ItemForm({ roomId, item, canEdit }: { roomId: string; item: ItemDoc; canEdit: boolean }) {
  const nameOf = useNameOf();
  if (!canEdit) return <ReadOnlyDetails roomId={roomId} item={item} />;
  const whoChanged = () => nameOf(item.updatedBy);
  const field = (name: ItemFieldName) => (
    <ItemField key={name} roomId={roomId} item={item} spec={ITEM_FIELDS[name]} whoChanged={whoChanged} />
  );
  return (
    <fieldset className="item-form" aria-label="Item details">
      {field("title")}
      {field("description")}
      <div className="form-grid">
        <StatusField item={item} />
        {gridFields(item).map(field)}
        <SupplierField item={item} />
      </div>
      {hasVariants(item) && <p className="muted small">{VARIANTS_NOTE}</p>}
      <AverageCostNote item={item} />
      {field("tags")}
      <SearchListing item={item}>
        {field("seoTitle")}
        {field("seoDescription")}
      </SearchListing>
      <p className="muted small hint">Each change saves as you leave its field, or press Enter.</p>
    </fieldset>
  );
}

/**
 * What search engines show, folded away (few change it); its fields are made
 * only once it is opened, so the page has one "Title" and one "Description".
 */
function SearchListing({ item, children }: { item: ItemDoc; children: ReactNode }) {
  const [open, setOpen] = useState(Boolean(item.seoTitle || item.seoDescription));
  return (
    <details className="item-seo" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Search engine listing</summary>
      {open && children}
    </details>
  );
}

function StatusField({ item }: { item: ItemDoc }) {
  const call = useCall();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="item-field" data-field="status">
      <div className="item-field-label">
        <label htmlFor={id}>Status</label>
      </div>
      <select
        id={id}
        value={item.status}
        onChange={(event) => {
          setError(null);
          call(METHOD.ITEMS_UPDATE, item._id, { status: event.target.value as ItemStatus }).catch((caught: unknown) =>
            setError(errorMessage(caught)),
          );
        }}
      >
        {ITEM_STATUSES.map((status) => (
          <option key={status} value={status}>
            {statusName(status)}
          </option>
        ))}
      </select>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A viewer's view: the same fields as text, not as inputs that look editable
 * but are not. Someone made a viewer while typing sees what they had typed
 * and that it was not saved, rather than losing it without a word.
 */
function ReadOnlyDetails({ roomId, item }: { roomId: string; item: ItemDoc }) {
  const { userId } = useLoginState();
  const role = useMyRole();
  const unsaved = userId ? draftsFor(userId, roomId, item._id).filter((draft) => itemField(draft.field)) : [];
  const own = !hasVariants(item);
  const { suppliers } = useSuppliers();
  const supplierId = supplierOf(item);
  const supplierName =
    supplierId === undefined ? "Several (by variant)" : (suppliers.find((each) => each._id === supplierId)?.name ?? "");
  const rows: [string, string][] = [
    ["Title", item.title],
    ["Description", item.description],
    ...(own
      ? ([
          ["SKU", item.sku],
          ["Barcode", item.barcode ?? ""],
        ] as [string, string][])
      : []),
    ["Status", statusName(item.status)],
    ["Price", own ? formatPrice(item.priceCents, item.currency) : priceText(item)],
    ["Quantity", item.quantity.toLocaleString()],
    ...(own
      ? ([
          [
            "Reorder point",
            item.reorderPoint === null || item.reorderPoint === undefined ? "" : String(item.reorderPoint),
          ],
        ] as [string, string][])
      : []),
    ...(own
      ? ([
          ["Compare-at price", item.compareAtCents == null ? "" : formatPrice(item.compareAtCents, item.currency)],
          ["Cost", item.costCents == null ? "" : formatPrice(item.costCents, item.currency)],
          ["Supplier SKU", item.supplierSku ?? ""],
          ["Weight", weightText(item.weightGrams, item.weightUnit)],
        ] as [string, string][])
      : []),
    ["Supplier", supplierName],
    ["Shelf", item.location],
    ["Vendor", item.vendor ?? ""],
    ["Product type", item.productType ?? ""],
    ["Tags", item.tags.join(", ")],
  ];
  return (
    <div className="item-form">
      <p className="read-only-note" role="note">
        {role && role !== "viewer"
          ? `You are a ${ROLE_NAMES[role].toLowerCase()} in this room: ${ROLE_CAN[role]}.`
          : "You are a viewer in this room: you can see this item but not change it."}
      </p>
      {unsaved.length > 0 && (
        <div className="notice" role="alert" data-testid="unsaved-drafts">
          <p>What you were typing was not saved (you can no longer change items here):</p>
          <ul>
            {unsaved.map((draft) => (
              <li key={draft.field}>
                {itemField(draft.field)?.label}: “{draft.text}”
              </li>
            ))}
          </ul>
        </div>
      )}
      <dl className="read-only-details">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || <span className="muted">—</span>}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * What a unit of the item's stock is worth, when receipts at a cost made it
 * other than its cost (docs/buying.md): the stock value counts this.
 */
function AverageCostNote({ item }: { item: ItemDoc }) {
  if (hasVariants(item) || item.avgCostCents == null || item.avgCostCents === item.costCents) return null;
  return (
    <p className="muted small" data-testid="average-cost">
      Its stock is valued at {formatPrice(item.avgCostCents, item.currency)} a unit: the average of what it cost as it
      was received. Setting the cost here values it at that instead.
    </p>
  );
}
