/**
 * Counting: scan labels and product barcodes with the phone's camera, or
 * type a SKU or barcode (a handheld scanner typing a label's link or a
 * barcode's digits works too). Each scan counts one. What this
 * phone can name at once (a SKU, or a label the room sent) is confirmed at
 * once — beep, buzz and the item's title — even with no line; the rest is
 * confirmed when the server answers. The person's last scans are listed
 * under it, each of which can be taken back. `items` are the ones the
 * stocktake counts against (use-stocktake-items.ts): a big room's device
 * copy, so a code finds any of its items, with a line or without.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { COLLECTION, type ItemDoc, METHOD, PUBLICATION } from "../../protocol/api";
import { labelKey } from "../../protocol/label-key";
import { CameraScan } from "../camera/CameraScan";
import { warmUpCodeReader } from "../camera/frame-readers";
import { errorMessage } from "../components/ErrorText";
import { whenIdle } from "../lazy-page";
import { useCall, useFind, useStatus, useSubscribe } from "../live";
import { Button } from "../ui/Button";
import { confirmScan } from "./confirm-scan";
import { RecentScans } from "./RecentScans";
import { targetForCodeHere } from "./stocktake-stubs";

interface Outcome {
  text: string;
  error: boolean;
}

/** A long link in a message: enough of it to recognise. */
const shortened = (code: string) => (code.length > 40 ? `${code.slice(0, 39)}…` : code);

export function CountForm({ stocktakeId, items }: { stocktakeId: string; items: readonly ItemDoc[] }) {
  useSubscribe(PUBLICATION.STOCKTAKE_LABELS);
  const call = useCall();
  const status = useStatus();
  const labels = useFind(COLLECTION.STOCKTAKE_LABELS);
  const [code, setCode] = useState("");
  const [last, setLast] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => whenIdle(warmUpCodeReader), []);

  function countCode(text: string) {
    const here = targetForCodeHere(text, items, labels); // "Tee — M" for a variant
    if (here) {
      setLast({ text: `Counted: ${String(here.title)}`, error: false });
      confirmScan("counted");
    } else if (!status.connected) {
      setLast({ text: `${shortened(text)}: will be counted when the line is back`, error: false });
    }
    call(METHOD.STOCKTAKE_SCAN, stocktakeId, text).then(
      (result) => {
        if (here) return; // already confirmed
        const { title } = result as { title: string };
        setLast({ text: `Counted: ${title}`, error: false });
        confirmScan("counted");
      },
      (caught: unknown) => {
        const what = labelKey(text) ? "That label" : shortened(text);
        setLast({ text: `Not counted — ${what}: ${errorMessage(caught)}`, error: true });
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
    countCode(text);
  }

  return (
    <div className="stocktake-count">
      <CameraScan onCode={countCode} hint="Hold a label or barcode in the frame; each one counts once." />
      <form onSubmit={submit}>
        <label htmlFor="stocktake-code">Scan a label or type a SKU</label>
        <div className="stocktake-count-row">
          <input
            id="stocktake-code"
            ref={input}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            inputMode="text"
          />
          <Button type="submit">Count</Button>
        </div>
      </form>
      <p className={last?.error ? "error" : "muted"} role="status" aria-live="polite" data-testid="scan-outcome">
        {last?.text ?? ""}
      </p>
      <RecentScans stocktakeId={stocktakeId} items={items} onError={(text) => setLast({ text, error: true })} />
    </div>
  );
}
