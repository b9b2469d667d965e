/**
 * An order's lines (docs/buying.md): each variant, the shop's SKU and the
 * supplier's, how many are ordered and at what cost, how many have come,
 * and the line's total. While the order's lines may change, the quantity
 * and the cost are typed in place and saved as the person leaves the field
 * or presses Enter (Escape puts back what was there); 0 or _Remove_ takes
 * the line off.
 */
import { type KeyboardEvent, useState } from "react";
import { METHOD, type PurchaseOrderDoc, type PurchaseOrderLineDoc } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { formatPrice, PRICE_HINT, parsePrice, parseQuantity, QUANTITY_HINT } from "../money";
import { Button } from "../ui/Button";

export const lineName = (line: Pick<PurchaseOrderLineDoc, "title" | "variantName">) =>
  line.variantName ? `${line.title} — ${line.variantName}` : line.title;

export function OrderLines({
  order,
  lines,
  editable,
}: {
  order: PurchaseOrderDoc;
  lines: readonly PurchaseOrderLineDoc[];
  editable: boolean;
}) {
  if (lines.length === 0) {
    return (
      <p className="muted" data-testid="no-lines">
        Nothing on this order yet.{editable ? " Add what to order below." : ""}
      </p>
    );
  }
  return (
    <div className="ui-table-scroll">
      <table className="ui-table order-lines" data-testid="order-lines">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">SKU</th>
            <th scope="col">Supplier SKU</th>
            <th scope="col" className="numeric">
              Ordered
            </th>
            <th scope="col" className="numeric">
              Unit cost
            </th>
            <th scope="col" className="numeric">
              Received
            </th>
            <th scope="col" className="numeric">
              Total
            </th>
            {editable && (
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <LineRow key={line._id} order={order} line={line} editable={editable} />
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              Total
            </th>
            <td className="numeric">{order.units.toLocaleString()}</td>
            <td />
            <td className="numeric">{order.receivedUnits.toLocaleString()}</td>
            <td className="numeric" data-testid="order-total">
              {formatPrice(order.totalCents, order.currency)}
            </td>
            {editable && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function LineRow({
  order,
  line,
  editable,
}: {
  order: PurchaseOrderDoc;
  line: PurchaseOrderLineDoc;
  editable: boolean;
}) {
  const call = useCall();
  const name = lineName(line);
  const [error, setError] = useState<string | null>(null);
  const save = (change: { quantity?: number; unitCostCents?: number | null }) => {
    setError(null);
    // Only what was typed: a teammate's change of the other figure meanwhile stays.
    call(METHOD.PURCHASE_ORDERS_SET_LINE, order._id, {
      itemId: line.itemId,
      variantId: line.variantId,
      ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
      ...("unitCostCents" in change ? { unitCostCents: change.unitCostCents } : {}),
    }).catch((caught: unknown) => setError(errorMessage(caught)));
  };
  const cost = line.unitCostCents === null ? "" : (line.unitCostCents / 100).toFixed(2);
  return (
    <tr data-testid="order-line">
      <td>
        {name}
        {error && (
          <p className="error small" role="alert">
            {error}
          </p>
        )}
      </td>
      <td className="mono">{line.sku}</td>
      <td className="mono">{line.supplierSku}</td>
      <td className="numeric">
        {editable ? (
          <LineInput
            label={`Ordered of ${name}`}
            value={String(line.quantity)}
            inputMode="numeric"
            parse={(text) => {
              const quantity = parseQuantity(text);
              return quantity === null ? { error: QUANTITY_HINT } : { value: quantity };
            }}
            onSave={(quantity) => save({ quantity })}
            onError={setError}
          />
        ) : (
          line.quantity.toLocaleString()
        )}
      </td>
      <td className="numeric">
        {editable ? (
          <LineInput
            label={`Unit cost of ${name}`}
            value={cost}
            inputMode="decimal"
            parse={(text) => {
              if (text.trim() === "") return { value: null };
              const cents = parsePrice(text);
              return cents === null ? { error: PRICE_HINT } : { value: cents };
            }}
            onSave={(unitCostCents) => save({ unitCostCents })}
            onError={setError}
          />
        ) : line.unitCostCents === null ? (
          <span className="muted">—</span>
        ) : (
          formatPrice(line.unitCostCents, order.currency)
        )}
      </td>
      <td className="numeric">{line.received.toLocaleString()}</td>
      <td className="numeric">
        {line.unitCostCents === null ? "—" : formatPrice(line.unitCostCents * line.quantity, order.currency)}
      </td>
      {editable && (
        <td>
          <Button variant="ghost" size="sm" aria-label={`Remove ${name}`} onClick={() => save({ quantity: 0 })}>
            Remove
          </Button>
        </td>
      )}
    </tr>
  );
}

/** A figure typed in place: saved on leaving it or Enter when it changed, put back on Escape. */
function LineInput<T>({
  label,
  value,
  inputMode,
  parse,
  onSave,
  onError,
}: {
  label: string;
  value: string;
  inputMode: "numeric" | "decimal";
  parse(text: string): { value: T } | { error: string };
  onSave(value: T): void;
  onError(error: string | null): void;
}) {
  const [typed, setTyped] = useState<string | null>(null);
  const commit = () => {
    if (typed === null || typed === value) {
      setTyped(null);
      return;
    }
    const parsed = parse(typed);
    if ("error" in parsed) {
      onError(`${label}: ${parsed.error}`);
      return;
    }
    setTyped(null);
    onSave(parsed.value);
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") commit();
    if (event.key === "Escape") {
      setTyped(null);
      onError(null);
    }
  };
  return (
    <input
      className="line-input"
      aria-label={label}
      inputMode={inputMode}
      value={typed ?? value}
      onChange={(event) => setTyped(event.target.value)}
      onBlur={commit}
      onKeyDown={keys}
    />
  );
}
