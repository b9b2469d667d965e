/**
 * Receiving a delivery by scanning (docs/stock.md): each label, product
 * barcode or SKU scanned — a handheld scanner types it and presses Enter,
 * or the phone's camera reads it (_Receive with camera_) — records one unit
 * received at the chosen location (`stock.receive`), kept on the device.
 * Every scan is listed with whether the room has it, and a running tally
 * says what has come in so far, to check against the packing slip. A code
 * no item has is said on its own line, with _New item with this barcode_
 * for those who may add items; with no line, scans wait and are listed as
 * not saved yet, each, until the room answers. For every role that receives.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { COLLECTION, can, METHOD, PUBLICATION, type RoomRole } from "../../protocol/api";
import { CameraScan } from "../camera/CameraScan";
import { warmUpCodeReader } from "../camera/frame-readers";
import { isItemDoc } from "../catalogue/is-item";
import { NewItemWithBarcode, productBarcode } from "../catalogue/NewItemWithBarcode";
import { errorMessage } from "../components/ErrorText";
import { whenIdle } from "../lazy-page";
import { useFind } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { confirmScan } from "../stocktake/confirm-scan";
import { bounceGuard, bounceText } from "../stocktake/scanner-bounce";
import { targetForCodeHere } from "../stocktake/stocktake-stubs";
import { CodeEntry } from "./CodeEntry";
import { LocationSelect } from "./LocationSelect";
import { useChosenPlace } from "./use-chosen-place";

interface Receipt {
  id: number;
  code: string;
  /** What it is ("Tee — M"), once known. */
  title: string | null;
  state: "waiting" | "saved" | "refused";
  reason?: string;
  /** What the location holds after it (from the room's answer). */
  held?: number;
}

let nextId = 1;

export function ReceiveStock({ roomId, role }: { roomId: string; role: RoomRole | null }) {
  // What each printed label encodes, so the stub names a scanned label with no line.
  useSubscribe(PUBLICATION.STOCKTAKE_LABELS);
  const labels = useFind(COLLECTION.STOCKTAKE_LABELS);
  const items = useFind(COLLECTION.ITEMS, isItemDoc);
  const call = useCall();
  const { place, choose, open } = useChosenPlace(roomId, "receiving");
  const [code, setCode] = useState("");
  const [receipts, setReceipts] = useState<Receipt[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [isBounce] = useState(bounceGuard);
  const input = useRef<HTMLInputElement>(null);
  // Deliveries come into stockrooms with no signal: the camera's reader is fetched while there is one.
  useEffect(() => whenIdle(warmUpCodeReader), []);
  const update = (id: number, change: Partial<Receipt>) =>
    setReceipts((all) => all.map((each) => (each.id === id ? { ...each, ...change } : each)));

  /** One unit of what `text` names, received: typed, or read by the camera. */
  function receive(text: string) {
    setNotice(null);
    if (!place) {
      // Nothing to receive into yet (the room's locations have not arrived): say so, never drop it silently.
      setNotice(`Not received — ${text}: the room's locations are still loading`);
      confirmScan("refused");
      return;
    }
    const here = targetForCodeHere(text, items, labels);
    const id = nextId++;
    setReceipts((all) => [{ id, code: text, title: here?.title ?? null, state: "waiting" }, ...all]);
    if (here) confirmScan("counted");
    call(METHOD.STOCK_RECEIVE, text, place, 1).then(
      (result) => {
        const { title, held } = result as { title: string; held: number };
        update(id, { title, held, state: "saved" });
        if (!here) confirmScan("counted");
      },
      (caught: unknown) => {
        update(id, { state: "refused", reason: errorMessage(caught) });
        confirmScan("refused");
      },
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    if (!text) return;
    setCode("");
    input.current?.focus();
    if (isBounce(text, performance.now())) {
      setNotice(bounceText(text));
      confirmScan("refused");
      return;
    }
    receive(text);
  }

  const tally = new Map<string, number>();
  for (const each of receipts) {
    if (each.state === "refused") continue;
    const name = each.title ?? `${each.code} (named when the line is back)`;
    tally.set(name, (tally.get(name) ?? 0) + 1);
  }
  const units = [...tally.values()].reduce((sum, n) => sum + n, 0);
  const where = open.find((location) => location._id === place)?.name ?? "";

  return (
    <section className="card" aria-labelledby="receive-heading">
      <h2 id="receive-heading">Receive a delivery</h2>
      <form className="stocktake-count" onSubmit={submit}>
        <label>
          Into <LocationSelect locations={open} value={place} onChange={choose} />
        </label>
        {/* Each unit's label or barcode in turn: one held in view counts once (app/camera/scan-gate.ts). */}
        <CameraScan
          onCode={receive}
          startLabel="Receive with camera"
          hint="Hold each unit's label or barcode in the frame in turn; each one seen is one unit received."
        />
        <CodeEntry
          id="receive-code"
          label="Scan a label or barcode, or type a SKU: each is one unit received"
          action="Receive"
          value={code}
          onChange={setCode}
          inputRef={input}
        />
      </form>
      <p className="error" role="status" aria-live="polite" data-testid="receive-notice">
        {notice ?? ""}
      </p>
      {receipts.length > 0 && (
        <>
          <p data-testid="receive-tally">
            Received so far at {where}: {units.toLocaleString()} {units === 1 ? "unit" : "units"}
            {tally.size > 0 && ` — ${[...tally].map(([name, n]) => `${name} × ${n.toLocaleString()}`).join(", ")}`}
          </p>
          <ol className="stall-records" aria-label="Scans received" data-testid="receive-outcome">
            {receipts.map((each) => (
              <li key={each.id} className={each.state === "refused" ? "error" : undefined}>
                <span>
                  {each.state === "refused"
                    ? `Not received — ${each.code}: ${each.reason}`
                    : `Received: ${each.title ?? each.code}${each.held !== undefined ? ` (${each.held} at ${where})` : ""}`}
                </span>
                <span className="muted small">
                  {each.state === "waiting" ? "not saved yet" : each.state === "saved" ? "saved" : ""}
                </span>
                {each.state === "refused" && can.editItems(role) && productBarcode(each.code) && (
                  <NewItemWithBarcode roomId={roomId} barcode={productBarcode(each.code)?.value as string} />
                )}
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
