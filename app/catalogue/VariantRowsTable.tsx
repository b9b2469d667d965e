/**
 * The variants editor's rows (VariantEditor.tsx): one per variant, its value
 * for each option, SKU, barcode, price and reorder point as inputs, its
 * stock as it is (changed only through the ledger), and Remove. Scrolls
 * sideways inside its card on a phone rather than widening the page.
 */

import { LIMITS } from "../../protocol/api";
import { parseBarcode } from "../../protocol/barcodes";
import { Button } from "../ui/Button";
import type { VariantDraft, VariantRowDraft } from "./variant-editor";

/** How a row is named in its inputs' labels: its values, or its place while it has none. */
const rowName = (row: VariantRowDraft, index: number) =>
  row.values
    .map((value) => value.trim())
    .filter(Boolean)
    .join(" / ") || `variant ${index + 1}`;

/** Why a barcode typed into a row is not one, in words; null when it is (or is empty). */
function barcodeProblem(text: string): string | null {
  if (text.trim() === "") return null;
  const check = parseBarcode(text);
  return check.ok ? null : check.message;
}

export function VariantRowsTable({
  draft,
  optionKeys,
  countAtName,
  onChange,
  onRemove,
}: {
  draft: VariantDraft;
  optionKeys: readonly (string | undefined)[];
  /** Where the Count column counts (the editor's chosen location). */
  countAtName: string;
  onChange(key: string, patch: Partial<VariantRowDraft>): void;
  onRemove(row: VariantRowDraft): void;
}) {
  return (
    <div className="ui-table-scroll">
      <table className="ui-table variant-edit-table" data-testid="variant-rows" aria-label="Variants">
        <thead>
          <tr>
            {draft.options.map((name, index) => (
              <th key={optionKeys[index] ?? index} scope="col">
                {name.trim() || `Option ${index + 1}`}
              </th>
            ))}
            <th scope="col">SKU</th>
            <th scope="col">Barcode</th>
            <th scope="col">Price</th>
            <th scope="col">Cost</th>
            <th scope="col">Supplier SKU</th>
            <th scope="col">Reorder at</th>
            <th scope="col" className="numeric">
              Count at {countAtName}
            </th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {draft.rows.map((row, index) => {
            const name = rowName(row, index);
            const set = (patch: Partial<VariantRowDraft>) => onChange(row.key, patch);
            return (
              <tr key={row.key} data-testid="variant-edit-row">
                {row.values.map((value, at) => (
                  <td key={optionKeys[at] ?? at}>
                    <input
                      aria-label={`${draft.options[at]?.trim() || `Option ${at + 1}`} of variant ${index + 1}`}
                      value={value}
                      maxLength={LIMITS.OPTION_VALUE}
                      onChange={(event) =>
                        set({ values: row.values.map((each, which) => (which === at ? event.target.value : each)) })
                      }
                    />
                  </td>
                ))}
                <td>
                  <input
                    className="mono"
                    aria-label={`SKU of ${name}`}
                    value={row.sku}
                    maxLength={LIMITS.SKU}
                    onChange={(event) => set({ sku: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    className="mono"
                    aria-label={`Barcode of ${name}`}
                    value={row.barcode}
                    aria-invalid={barcodeProblem(row.barcode) ? true : undefined}
                    aria-describedby={barcodeProblem(row.barcode) ? `barcode-problem-${row.key}` : undefined}
                    onChange={(event) => set({ barcode: event.target.value })}
                  />
                  {/* A wrong check digit is said on its own row, where it is typed. */}
                  {barcodeProblem(row.barcode) && (
                    <p className="error small" id={`barcode-problem-${row.key}`} data-testid="barcode-problem">
                      {barcodeProblem(row.barcode)}
                    </p>
                  )}
                </td>
                <td>
                  <input
                    aria-label={`Price of ${name}`}
                    inputMode="decimal"
                    value={row.price}
                    onChange={(event) => set({ price: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Cost of ${name}`}
                    inputMode="decimal"
                    placeholder="Unknown"
                    value={row.cost}
                    onChange={(event) => set({ cost: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    className="mono"
                    aria-label={`Supplier SKU of ${name}`}
                    value={row.supplierSku}
                    maxLength={LIMITS.SKU}
                    onChange={(event) => set({ supplierSku: event.target.value })}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Reorder point of ${name}`}
                    inputMode="numeric"
                    placeholder="None"
                    value={row.reorderPoint}
                    onChange={(event) => set({ reorderPoint: event.target.value })}
                  />
                </td>
                <td className="numeric">
                  <input
                    aria-label={`Count of ${name} at ${countAtName}`}
                    inputMode="numeric"
                    placeholder="0"
                    value={row.count}
                    onChange={(event) => set({ count: event.target.value })}
                  />
                  {row.quantity !== row.countSeen && (
                    <span className="muted small"> of {row.quantity.toLocaleString()} in all</span>
                  )}
                </td>
                <td>
                  <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={() => onRemove(row)}>
                    Remove
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
