/**
 * Receiving a delivery by scanning (docs/architecture.md §9): each label, product barcode or
 * SKU scanned — a handheld scanner types it and presses Enter, or the phone's
 * camera reads it (_Receive with camera_) — records one unit received at the
 * chosen location (`stock.receive`). What this browser can name shows at
 * once; with no line the scans wait like any edit and are recorded once
 * when it is back. For members and counters.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { METHOD, PUBLICATION } from "../../protocol/api";
import { CameraScan } from "../camera/CameraScan";
import { warmUpCodeReader } from "../camera/frame-readers";
import { errorMessage } from "../components/ErrorText";
import { whenIdle } from "../lazy-page";
import { useCall, useSubscribe } from "../live";
import { confirmScan } from "../stocktake/confirm-scan";
import { bounceGuard, bounceText } from "../stocktake/scanner-bounce";
import { Button } from "../ui/Button";
import { locationName, useLocations } from "./use-locations";

export function ReceiveStock() {
  // What each printed label encodes, so the stub names a scanned label with no line.
  useSubscribe(PUBLICATION.STOCKTAKE_LABELS);
  const call = useCall();
  const { locations } = useLocations();
  const open = locations.filter((location) => !location.archived);
  const [chosen, setChosen] = useState("");
  const locationId = chosen || open[0]?._id || "";
  const [code, setCode] = useState("");
  const [last, setLast] = useState<{ text: string; error: boolean } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [isBounce] = useState(bounceGuard);
  // Deliveries come into stockrooms with no signal: the camera's reader is fetched while there is one.
  useEffect(() => whenIdle(warmUpCodeReader), []);

  /** One unit of what `text` names, received: typed, or read by the camera. */
  function receive(text: string) {
    if (!locationId) {
      // Nothing to receive into yet (the room's locations have not arrived): say so, never drop it silently.
      setLast({ text: `Not received — ${text}: the room's locations are still loading`, error: true });
      confirmScan("refused");
      return;
    }
    call(METHOD.STOCK_RECEIVE, text, locationId, 1).then(
      (result) => {
        const { title, held } = result as { title: string; held: number };
        setLast({ text: `Received: ${title} (${held} at ${locationName(locations, locationId)})`, error: false });
        confirmScan("counted");
      },
      (caught: unknown) => {
        setLast({ text: `Not received — ${text}: ${errorMessage(caught)}`, error: true });
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
      setLast({ text: bounceText(text), error: true });
      confirmScan("refused");
      return;
    }
    receive(text);
  }

  return (
    <section className="card" aria-labelledby="receive-heading">
      <h2 id="receive-heading">Receive a delivery</h2>
      <form className="stocktake-count" onSubmit={submit}>
        <label>
          Into{" "}
          <select value={locationId} onChange={(event) => setChosen(event.target.value)}>
            {open.map((location) => (
              <option key={location._id} value={location._id}>
                {location.name}
              </option>
            ))}
          </select>
        </label>
        {/* Each unit's label or barcode in turn: one held in view counts once (app/camera/scan-gate.ts). */}
        <CameraScan
          onCode={receive}
          startLabel="Receive with camera"
          hint="Hold each unit's label or barcode in the frame in turn; each one seen is one unit received."
        />
        <label htmlFor="receive-code">Scan a label or barcode, or type a SKU: each is one unit received</label>
        <div className="stocktake-count-row">
          <input
            id="receive-code"
            ref={input}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Button type="submit">Receive</Button>
        </div>
      </form>
      <p className={last?.error ? "error" : "muted"} role="status" aria-live="polite" data-testid="receive-outcome">
        {last?.text ?? ""}
      </p>
    </section>
  );
}
