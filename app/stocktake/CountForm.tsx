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
import { useFind, useStatus } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { CodeEntry } from "../stock/CodeEntry";
import { LocationSelect } from "../stock/LocationSelect";
import { useChosenPlace } from "../stock/use-chosen-place";
import { useToast } from "../ui/Toast";
import { confirmScan } from "./confirm-scan";
import { RecentScans } from "./RecentScans";
import { bounceGuard, bounceText } from "./scanner-bounce";
import { targetForCodeHere, variantNeededHere } from "./stocktake-stubs";

interface Outcome {
  text: string;
  error: boolean;
}

/** A long link in a message: enough of it to recognise. */
const shortened = (code: string) => (code.length > 40 ? `${code.slice(0, 39)}…` : code);

export function CountForm({
  stocktakeId,
  items,
  places,
}: {
  stocktakeId: string;
  items: readonly ItemDoc[];
  /** The stocktake's locations: this phone counts at one of them at a time. */
  places: readonly string[];
}) {
  useSubscribe(PUBLICATION.STOCKTAKE_LABELS);
  const call = useCall();
  const status = useStatus();
  const toast = useToast();
  // Where this phone counts: kept on the device, so a reload keeps counting there.
  const { place, choose, open } = useChosenPlace(stocktakeId, "counting", places);
  const labels = useFind(COLLECTION.STOCKTAKE_LABELS);
  const [code, setCode] = useState("");
  const [last, setLast] = useState<Outcome | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [isBounce] = useState(bounceGuard);
  useEffect(() => whenIdle(warmUpCodeReader), []);

  function countCode(text: string) {
    const here = targetForCodeHere(text, items, labels); // "Tee — M" for a variant
    // A product sold in variants, named by its own label: said at once, and nothing is sent.
    const ambiguous = here ? null : variantNeededHere(text, items, labels);
    if (ambiguous) {
      setLast({ text: `Not counted — ${ambiguous}`, error: true });
      confirmScan("refused");
      return;
    }
    if (here) {
      setLast({ text: `Counted: ${String(here.title)}`, error: false });
      confirmScan("counted");
    } else if (!status.connected) {
      setLast({ text: `${shortened(text)}: will be counted when the line is back`, error: false });
    }
    // When and where it was counted: a scan sent later (no line now) still counts for this moment.
    call(METHOD.STOCKTAKE_SCAN, stocktakeId, text, { locationId: place, at: Date.now() }).then(
      (result) => {
        const { title, late } = result as { title: string; late?: boolean };
        // The stocktake was applied before this phone's scans reached it: they are kept, and said so.
        if (late)
          toast.show({ text: `${title}: counted after the stocktake was applied — kept for an owner to apply` });
        if (here) return; // already confirmed
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
    if (isBounce(text, performance.now())) {
      setLast({ text: bounceText(shortened(text)), error: true });
      confirmScan("refused");
      return;
    }
    countCode(text);
  }

  return (
    <div className="stocktake-count">
      {places.length > 1 && (
        <label className="stocktake-place">
          Counting at <LocationSelect locations={open} value={place} onChange={choose} />
        </label>
      )}
      <CameraScan onCode={countCode} hint="Hold a label or barcode in the frame; each one counts once." />
      <form onSubmit={submit}>
        <CodeEntry
          id="stocktake-code"
          label="Scan a label or type a SKU"
          action="Count"
          value={code}
          onChange={setCode}
          inputRef={input}
        />
      </form>
      <p className={last?.error ? "error" : "muted"} role="status" aria-live="polite" data-testid="scan-outcome">
        {last?.text ?? ""}
      </p>
      <RecentScans stocktakeId={stocktakeId} items={items} onError={(text) => setLast({ text, error: true })} />
    </div>
  );
}
