/**
 * Receiving a delivery against its order on a phone (docs/buying.md): scan
 * each arriving item's label or barcode — camera or handheld — or press a
 * line's + and −, good or damaged, and see each line's expected and counted
 * as a running tally shared by every phone receiving it. A code not on the
 * order asks what to do: add it to the order, receive it anyway, or set it
 * aside. _Accept_ takes what is counted into stock at the chosen place.
 * Counting works with no line (receiving-stubs.ts); accepting needs one.
 */
import { useState } from "react";
import {
  lineStanding,
  linesEditable,
  METHOD,
  type PurchaseOrderDoc,
  type PurchaseOrderLineDoc,
  type PurchaseOrderTallyDoc,
} from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { NOT_ON_ORDER, type NotOnOrder, type ReceiveCount } from "../../protocol/purchase-order-args";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { LocationSelect } from "../stock/LocationSelect";
import { ScanCodes } from "../stock/ScanCodes";
import { useLocations } from "../stock/use-locations";
import { confirmScan } from "../stocktake/confirm-scan";
import { Button } from "../ui/Button";
import { lineName } from "./OrderLines";

const STANDING_WORDS = { short: "Short", complete: "All here", over: "Over" } as const;

export function ReceiveOrder({
  order,
  lines,
  tally,
  canBuy,
}: {
  order: PurchaseOrderDoc;
  lines: readonly PurchaseOrderLineDoc[];
  tally: ReadonlyMap<string, PurchaseOrderTallyDoc>;
  /** May add a variant to the order (those who buy); anyone receiving may receive it anyway. */
  canBuy: boolean;
}) {
  const call = useCall();
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);
  const [locationId, setLocationId] = useState(order.locationId);
  const [damaged, setDamaged] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [asking, setAsking] = useState<NotOnOrder | null>(null);
  const [setAside, setSetAside] = useState<{ title: string; units: number }[]>([]);
  const [accepting, setAccepting] = useState(false);

  function count(input: Omit<ReceiveCount, "units" | "damaged"> & { units?: number }, asDamaged = damaged) {
    const units = input.units ?? 1;
    call(METHOD.PURCHASE_ORDERS_COUNT, order._id, { ...input, units, damaged: asDamaged })
      .then((counted) => {
        const { title, good, damaged: broken, ordered, received } = counted;
        const status = `${title}: ${received + good} of ${ordered}${broken ? `, ${broken} damaged` : ""}`;
        setNotice({ text: status, error: false });
      })
      .catch((caught: unknown) => {
        const asked =
          caught instanceof LiveError ? (caught.details as Record<string, NotOnOrder> | undefined) : undefined;
        if (asked?.[NOT_ON_ORDER]) {
          setAsking(asked[NOT_ON_ORDER]);
          setNotice(null);
        } else setNotice({ text: errorMessage(caught), error: true });
        confirmScan("refused");
      });
  }

  function scan(text: string) {
    setAsking(null);
    confirmScan("counted");
    count({ code: text });
  }

  async function resolve(choice: "add" | "anyway" | "aside") {
    if (!asking) return;
    const item = asking;
    setAsking(null);
    if (choice === "aside") {
      setSetAside((list) => {
        const known = list.find((entry) => entry.title === item.title);
        return known
          ? list.map((entry) => (entry === known ? { ...entry, units: entry.units + 1 } : entry))
          : [...list, { title: item.title, units: 1 }];
      });
      setNotice({ text: `${item.title} set aside: not received`, error: false });
      return;
    }
    if (choice === "add") {
      try {
        await call(METHOD.PURCHASE_ORDERS_SET_LINE, order._id, {
          itemId: item.itemId,
          variantId: item.variantId,
          quantity: 1,
        });
      } catch (caught) {
        setNotice({ text: errorMessage(caught), error: true });
        return;
      }
      count({ extra: { itemId: item.itemId, variantId: item.variantId } });
      return;
    }
    count({ extra: { itemId: item.itemId, variantId: item.variantId } });
  }

  async function accept() {
    setAccepting(true);
    try {
      const done = await call(METHOD.PURCHASE_ORDERS_ACCEPT, order._id, { locationId });
      const where = open.find((location) => location._id === locationId)?.name ?? "";
      setNotice({
        text: `Accepted ${done.units} unit${done.units === 1 ? "" : "s"} into ${where}${done.damaged ? ` (${done.damaged} damaged, kept out)` : ""}: ${done.status === "received" ? "the order is received" : "the order is partly received"}.`,
        error: false,
      });
      setSetAside([]);
    } catch (caught) {
      setNotice({ text: errorMessage(caught), error: true });
    }
    setAccepting(false);
  }

  const counted = [...tally.values()].reduce((sum, each) => sum + each.good, 0);
  const broken = [...tally.values()].reduce((sum, each) => sum + each.damaged, 0);
  return (
    <section className="card receive-order" aria-labelledby="receive-heading">
      <h2 id="receive-heading">Receive</h2>
      <p className="muted">
        Scan each item as it comes out of the box. Everyone receiving this order counts into the same tally; nothing is
        in stock until it is accepted.
      </p>
      <div className="receive-controls">
        <label className="stall-place">
          Into <LocationSelect locations={open} value={locationId} onChange={setLocationId} />
        </label>
        <label className="receive-damaged">
          <input type="checkbox" checked={damaged} onChange={(event) => setDamaged(event.target.checked)} /> Count as
          damaged
        </label>
      </div>
      <ScanCodes
        id="receive-code"
        action="Count"
        hint="Hold a label or barcode in the frame: each one read counts one."
        onCode={scan}
        onBounce={(text) => setNotice({ text, error: true })}
      />
      {notice && (
        <p className={notice.error ? "error" : "muted"} role="status" data-testid="receive-notice">
          {notice.text}
        </p>
      )}
      {asking && (
        <div className="notice receive-ask" role="alert" data-testid="not-on-order">
          <p>“{asking.title}” is not on this order. What should happen to it?</p>
          <div className="order-actions">
            {canBuy && linesEditable(order.status) && (
              <Button onClick={() => void resolve("add")}>Add to the order</Button>
            )}
            <Button variant="secondary" onClick={() => void resolve("anyway")}>
              Receive anyway
            </Button>
            <Button variant="ghost" onClick={() => void resolve("aside")}>
              Set aside
            </Button>
          </div>
        </div>
      )}
      <div className="ui-table-scroll">
        <table className="ui-table receive-lines" data-testid="receive-lines" aria-label="Counted against the order">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col" className="numeric">
                Expected
              </th>
              <th scope="col" className="numeric">
                Counted
              </th>
              <th scope="col" className="numeric">
                Damaged
              </th>
              <th scope="col">Standing</th>
              <th scope="col">
                <span className="visually-hidden">Count</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const now = tally.get(line._id);
              const expected = Math.max(0, line.quantity - line.received);
              const standing = lineStanding(line, now?.good ?? 0);
              const name = lineName(line);
              return (
                <tr key={line._id} data-testid="receive-line" data-standing={standing}>
                  <td>
                    {name}
                    {line.extra && <span className="muted small"> (not ordered)</span>}
                  </td>
                  <td className="numeric">{expected.toLocaleString()}</td>
                  <td className="numeric">{(now?.good ?? 0).toLocaleString()}</td>
                  <td className="numeric">{(now?.damaged ?? 0).toLocaleString()}</td>
                  <td>{STANDING_WORDS[standing]}</td>
                  <td className="row-actions">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`One ${damaged ? "damaged " : ""}${name} fewer`}
                      onClick={() => count({ lineId: line._id, units: -1 })}
                    >
                      −1
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`One more ${damaged ? "damaged " : ""}${name}`}
                      onClick={() => count({ lineId: line._id })}
                    >
                      +1
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {setAside.length > 0 && (
        <p className="muted" data-testid="set-aside">
          Set aside, not received: {setAside.map((entry) => `${entry.units} × ${entry.title}`).join(", ")}.
        </p>
      )}
      <div className="order-actions">
        <Button onClick={() => void accept()} disabled={accepting || counted + broken === 0}>
          {counted + broken === 0
            ? "Accept"
            : `Accept ${counted} unit${counted === 1 ? "" : "s"}${broken ? ` and ${broken} damaged` : ""}`}
        </Button>
      </div>
    </section>
  );
}
