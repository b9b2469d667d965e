/**
 * One purchase order (docs/buying.md): who it is for, where it stands, its
 * lines — each variant, how many, at what cost, how many have come — and
 * what can be done with it now, as its transition table allows: send it
 * to the supplier as a PDF (or mark it ordered), take it back to a draft,
 * close or cancel it. Its history, newest first, says who changed what.
 */
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import {
  type ChosenStatus,
  can,
  canMove,
  linesEditable,
  METHOD,
  orderNumberText,
  type PurchaseOrderDoc,
  type RoomRole,
  receivable,
} from "../../protocol/api";
import { PURCHASE_ORDER_LIMITS } from "../../protocol/purchase-order-args";
import { RelativeTime } from "../catalogue/RelativeTime";
import { useCall } from "../live-api";
import { useNameOf } from "../people/use-name-of";
import { useLocations } from "../stock/use-locations";
import type { DeviceItems } from "../stocktake/stocktake-stubs";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useRun } from "../ui/use-run";
import { AddOrderLine } from "./AddOrderLine";
import { OrderLines } from "./OrderLines";
import { OrderStatus } from "./OrderStatus";
import { ReceiveOrder } from "./ReceiveOrder";
import { usePurchaseOrder } from "./use-purchase-orders";
import { useSuppliers } from "./use-suppliers";

export function OrderPage({
  role,
  roomId,
  orderId,
  deviceItems,
}: {
  role: RoomRole | null;
  roomId: string;
  orderId: string;
  deviceItems: DeviceItems;
}) {
  const { order, lines, events, tally, loading } = usePurchaseOrder(orderId);
  const { suppliers } = useSuppliers();
  const { locations } = useLocations();
  const nameOf = useNameOf();
  const back = (
    <p>
      <Link href={`/rooms/${roomId}/orders`}>← All orders</Link>
    </p>
  );
  if (!order) {
    return (
      <div className="order-page">
        {back}
        <p className="muted">{loading ? "Loading the order…" : "This order is not in this room."}</p>
      </div>
    );
  }
  const supplier = suppliers.find((each) => each._id === order.supplierId);
  const buyer = can.buy(role);
  const editable = buyer && linesEditable(order.status);
  const place = locations.find((location) => location._id === order.locationId)?.name ?? "…";
  return (
    <div className="order-page">
      {back}
      <section className="card" aria-labelledby="order-heading">
        <div className="order-heading">
          <h2 id="order-heading" data-testid="order-heading">
            {orderNumberText(order.number)} · {supplier?.name ?? "…"}
          </h2>
          <span data-testid="order-status">
            <OrderStatus status={order.status} />
          </span>
        </div>
        <dl className="order-facts">
          <div>
            <dt>Deliver to</dt>
            <dd>{place}</dd>
          </div>
          <div>
            <dt>Ordered</dt>
            <dd>{order.orderedAt ? order.orderedAt.toLocaleDateString() : "Not yet"}</dd>
          </div>
          <div>
            <dt>Expected</dt>
            <dd>{order.expectedAt ? order.expectedAt.toLocaleDateString() : "—"}</dd>
          </div>
          <div>
            <dt>Sent</dt>
            <dd>{order.sentAt ? `to ${order.sentTo}, ${order.sentAt.toLocaleString()}` : "Not sent"}</dd>
          </div>
        </dl>
        {order.note && <p className="order-note">{order.note}</p>}
        <OrderActions order={order} roomId={roomId} buyer={buyer} supplierEmail={supplier?.email ?? ""} />
      </section>
      {can.receive(role) && receivable(order.status) && (
        <ReceiveOrder order={order} lines={lines} tally={tally} canBuy={buyer} />
      )}
      <section className="card" aria-labelledby="lines-heading">
        <h2 id="lines-heading">Lines</h2>
        <OrderLines order={order} lines={lines} editable={editable} />
        {editable && lines.length < PURCHASE_ORDER_LIMITS.LINES && (
          <AddOrderLine order={order} lines={lines} roomId={roomId} deviceItems={deviceItems} />
        )}
      </section>
      <section className="card" aria-labelledby="order-history-heading">
        <h2 id="order-history-heading">History</h2>
        <ol className="history" data-testid="order-history">
          {events.map((event) => (
            <li key={event._id}>
              <strong>{nameOf(event.userId)}</strong> {event.text} <RelativeTime date={event.at} />
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

const MOVES: { to: ChosenStatus; label: string; when?: (order: PurchaseOrderDoc) => boolean }[] = [
  { to: "ordered", label: "Mark ordered", when: (order) => order.status === "draft" },
  { to: "draft", label: "Back to draft", when: (order) => order.receivedUnits === 0 },
  { to: "closed", label: "Close" },
  { to: "cancelled", label: "Cancel order", when: (order) => order.receivedUnits === 0 },
];

function OrderActions({
  order,
  roomId,
  buyer,
  supplierEmail,
}: {
  order: PurchaseOrderDoc;
  roomId: string;
  buyer: boolean;
  supplierEmail: string;
}) {
  const call = useCall();
  const [sending, setSending] = useState(false);
  const { error, run } = useRun();
  const sendable = order.status === "draft" || order.status === "ordered";
  const moves = MOVES.filter((move) => canMove(order.status, move.to, "person") && (move.when?.(order) ?? true));
  return (
    <>
      <div className="order-actions">
        {buyer && sendable && !sending && (
          <Button onClick={() => setSending(true)}>{order.sentAt ? "Send again…" : "Send to supplier…"}</Button>
        )}
        {buyer &&
          moves.map((move) => (
            <Button
              key={move.to}
              variant={move.to === "cancelled" ? "danger" : "secondary"}
              onClick={() => void run(() => call(METHOD.PURCHASE_ORDERS_MOVE, order._id, move.to))}
            >
              {move.label}
            </Button>
          ))}
        <a
          className="ui-button ui-button-secondary"
          href={`/api/rooms/${roomId}/purchase-orders/${order._id}/pdf`}
          download
        >
          Download PDF
        </a>
      </div>
      {sending && <SendForm order={order} supplierEmail={supplierEmail} onDone={() => setSending(false)} />}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function SendForm({
  order,
  supplierEmail,
  onDone,
}: {
  order: PurchaseOrderDoc;
  supplierEmail: string;
  onDone(): void;
}) {
  const call = useCall();
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);
  const { error, run } = useRun();
  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const sent = await run(() => call(METHOD.PURCHASE_ORDERS_SEND, order._id, message));
    setBusy(false);
    if (sent) onDone();
  }
  return (
    <form className="settings-form send-order" onSubmit={send} aria-label="Send the order">
      <p>
        {supplierEmail
          ? `The order goes to ${supplierEmail} as a PDF; their reply comes to you.`
          : "This supplier has no e-mail address yet: add one in Settings → Suppliers."}
      </p>
      <Field label="Message" hint="Optional: a delivery date, a reference">
        {(props) => (
          <textarea
            {...props}
            rows={3}
            value={message}
            maxLength={PURCHASE_ORDER_LIMITS.MESSAGE}
            onChange={(event) => setMessage(event.target.value)}
          />
        )}
      </Field>
      <div className="settings-actions">
        <Button type="submit" disabled={busy || !supplierEmail}>
          {busy ? "Sending…" : "Send"}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
