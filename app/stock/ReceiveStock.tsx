/**
 * Receiving a delivery by scanning (docs/architecture.md §9): each label, product barcode or
 * SKU scanned — a handheld scanner types it and presses Enter — records one
 * unit received at the chosen location (`stock.receive`). What this browser
 * can name shows at once; with no line the scans wait like any edit and are
 * recorded once when it is back. For members and counters.
 */
import { type FormEvent, useRef, useState } from "react";
import { METHOD, PUBLICATION } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useCall, useSubscribe } from "../live";
import { confirmScan } from "../stocktake/confirm-scan";
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

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = code.trim();
    if (!text || !locationId) return;
    setCode("");
    input.current?.focus();
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
