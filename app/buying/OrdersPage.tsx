/**
 * The room's purchase orders (docs/buying.md): the newest first with where
 * each stands, a new order for a supplier, and _Reorder low stock_, which
 * drafts one per supplier from what is at or below its reorder point. An
 * order opens on its own page (OrderPage.tsx). Everyone sees them; those
 * who buy (owners, admins, members) make them.
 */
import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import {
  can,
  METHOD,
  orderNumberText,
  type PurchaseOrderDoc,
  REORDER_TIMES_DEFAULT,
  type RoomRole,
} from "../../protocol/api";
import { PURCHASE_ORDER_LIMITS, type ReorderResult } from "../../protocol/purchase-order-args";
import { useCall } from "../live-api";
import { formatPrice } from "../money";
import type { DeviceItems } from "../stocktake/stocktake-stubs";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useRun } from "../ui/use-run";
import { OrderPage } from "./OrderPage";
import { OrderStatus, orderPath } from "./OrderStatus";
import { usePurchaseOrders } from "./use-purchase-orders";
import { useSuppliers } from "./use-suppliers";
import "./buying.css";

export function OrdersPage({
  role,
  roomId,
  orderId,
  deviceItems,
}: {
  role: RoomRole | null;
  roomId: string;
  orderId?: string | undefined;
  deviceItems: DeviceItems;
}) {
  if (orderId)
    return <OrderPage key={orderId} role={role} roomId={roomId} orderId={orderId} deviceItems={deviceItems} />;
  return <OrdersList role={role} roomId={roomId} />;
}

function OrdersList({ role, roomId }: { role: RoomRole | null; roomId: string }) {
  const { orders, loading } = usePurchaseOrders();
  const { suppliers } = useSuppliers();
  const nameOf = (id: string) => suppliers.find((supplier) => supplier._id === id)?.name ?? "…";
  const buyer = can.buy(role);
  return (
    <div className="orders-page">
      <section className="card" aria-labelledby="orders-heading">
        <h2 id="orders-heading">Purchase orders</h2>
        {loading && orders.length === 0 ? (
          <p className="muted">Loading orders…</p>
        ) : orders.length === 0 ? (
          <p className="muted" data-testid="no-orders">
            No purchase orders yet.
            {buyer ? " Start one for a supplier below, or let Reorder low stock draft them from what runs low." : ""}
          </p>
        ) : (
          <div className="ui-table-scroll">
            <table className="ui-table orders-table" data-testid="orders">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Supplier</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="numeric">
                    Received
                  </th>
                  <th scope="col" className="numeric">
                    Total
                  </th>
                  <th scope="col">Expected</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <OrderRow key={order._id} order={order} roomId={roomId} supplier={nameOf(order.supplierId)} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {buyer && <NewOrderForm roomId={roomId} />}
      {buyer && <ReorderForm />}
    </div>
  );
}

function OrderRow({ order, roomId, supplier }: { order: PurchaseOrderDoc; roomId: string; supplier: string }) {
  return (
    <tr data-testid="order-row">
      <td>
        <Link href={orderPath(roomId, order._id)}>{orderNumberText(order.number)}</Link>
      </td>
      <td>{supplier}</td>
      <td>
        <OrderStatus status={order.status} />
      </td>
      <td className="numeric">
        {order.receivedUnits.toLocaleString()} of {order.units.toLocaleString()}
      </td>
      <td className="numeric">{formatPrice(order.totalCents, order.currency)}</td>
      <td>{order.expectedAt ? order.expectedAt.toLocaleDateString() : <span className="muted">—</span>}</td>
    </tr>
  );
}

function NewOrderForm({ roomId }: { roomId: string }) {
  const call = useCall();
  const [, navigate] = useLocation();
  const { suppliers } = useSuppliers();
  const open = suppliers.filter((supplier) => !supplier.archived);
  const [supplierId, setSupplierId] = useState("");
  const { error, run } = useRun();
  async function create(event: FormEvent) {
    event.preventDefault();
    let id = "";
    if (await run(async () => (id = await call(METHOD.PURCHASE_ORDERS_CREATE, { supplierId })))) {
      navigate(orderPath(roomId, id));
    }
  }
  return (
    <section className="card" aria-labelledby="new-order-heading">
      <h2 id="new-order-heading">New order</h2>
      {open.length === 0 ? (
        <p className="muted">Add a supplier in Settings → Suppliers first.</p>
      ) : (
        <form className="settings-form" onSubmit={create} aria-label="New purchase order">
          <Field label="Supplier">
            {(props) => (
              <select {...props} value={supplierId} required onChange={(event) => setSupplierId(event.target.value)}>
                <option value="" disabled>
                  Choose a supplier
                </option>
                {open.map((supplier) => (
                  <option key={supplier._id} value={supplier._id}>
                    {supplier.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="settings-actions">
            <Button type="submit" disabled={supplierId === ""}>
              Start order
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** What "Reorder low stock" did, in words. */
export function reorderText(result: ReorderResult): string {
  const drafts =
    result.orders.length === 0
      ? "Nothing to reorder: what is low is on order already"
      : `Drafted ${result.orders.length === 1 ? "1 order" : `${result.orders.length} orders`} for ${result.variants} low ${result.variants === 1 ? "variant" : "variants"}`;
  const missing =
    result.noSupplier > 0
      ? `; ${result.noSupplier} low ${result.noSupplier === 1 ? "variant has" : "variants have"} no supplier: set one on the item to reorder it`
      : "";
  return `${drafts}${missing}.`;
}

function ReorderForm() {
  const call = useCall();
  const [times, setTimes] = useState(String(REORDER_TIMES_DEFAULT));
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { error, run } = useRun();
  async function reorder(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setDone(null);
    await run(async () =>
      setDone(reorderText(await call(METHOD.PURCHASE_ORDERS_REORDER_LOW, { times: Number(times) }))),
    );
    setBusy(false);
  }
  return (
    <section className="card" aria-labelledby="reorder-heading">
      <h2 id="reorder-heading">Reorder low stock</h2>
      <p className="muted">
        Drafts one order per supplier for every variant at or below its reorder point, less what is on order already.
      </p>
      <form className="settings-form" onSubmit={reorder} aria-label="Reorder low stock">
        <Field label="Order up to">
          {(props) => (
            <select {...props} value={times} onChange={(event) => setTimes(event.target.value)}>
              {Array.from({ length: PURCHASE_ORDER_LIMITS.TIMES }, (_, index) => index + 1).map((n) => (
                <option key={n} value={n}>
                  {n === 1 ? "the reorder point (and one more)" : `${n}× the reorder point`}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="settings-actions">
          <Button type="submit" disabled={busy}>
            Draft orders
          </Button>
        </div>
      </form>
      {done && (
        <p role="status" data-testid="reorder-result">
          {done}
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
