/**
 * What the print queue takes (docs/printing.md): which writes queue labels,
 * one label a unit or a variant, the paper and the code. Those who edit the
 * catalogue change it; everyone else reads it.
 */
import { type FormEvent, useEffect, useState } from "react";
import { METHOD } from "../../protocol/api";
import { PRINT_KINDS, type PrintKind, type PrintSettings } from "../../protocol/print-args";
import { useCall } from "../live-api";
import { CodeChoice, PaperChoice } from "../qr/LabelChoices";
import { Button } from "../ui/Button";
import { useRun } from "../ui/use-run";

export const KIND_TEXT: Record<PrintKind, string> = {
  added: "An item is added (by hand, from a photo or a scanned code)",
  received: "Stock is received (a receipt, or scanned in)",
  order: "A purchase order's delivery is accepted",
};

export function PrintSetup({ settings, canChange }: { settings: PrintSettings; canChange: boolean }) {
  const call = useCall();
  const { error, run } = useRun();
  const [draft, setDraft] = useState(settings);
  const [saved, setSaved] = useState(false);
  // Someone else's change shows here too, unless this form has changes of its own.
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!touched) setDraft(settings);
  }, [settings, touched]);

  function change(next: Partial<PrintSettings>) {
    setDraft((before) => ({ ...before, ...next }));
    setTouched(true);
    setSaved(false);
  }
  function toggle(kind: PrintKind, on: boolean) {
    change({ kinds: PRINT_KINDS.filter((each) => (each === kind ? on : draft.kinds.includes(each))) });
  }
  async function save(event: FormEvent) {
    event.preventDefault();
    if (await run(() => call(METHOD.PRINT_SETTINGS, draft))) {
      setTouched(false);
      setSaved(true);
    }
  }

  return (
    <form className="print-setup" onSubmit={save} aria-labelledby="print-setup-heading">
      <h3 id="print-setup-heading">What prints</h3>
      <fieldset disabled={!canChange}>
        <legend>Queue labels when</legend>
        {PRINT_KINDS.map((kind) => (
          <label key={kind} className="checkbox-label">
            <input
              type="checkbox"
              checked={draft.kinds.includes(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
            />
            {KIND_TEXT[kind]}
          </label>
        ))}
      </fieldset>
      <fieldset disabled={!canChange}>
        <legend>How many</legend>
        <label className="checkbox-label">
          <input
            type="radio"
            name="copies"
            checked={draft.copies === "unit"}
            onChange={() => change({ copies: "unit" })}
          />
          One label a unit (6 received, 6 labels)
        </label>
        <label className="checkbox-label">
          <input
            type="radio"
            name="copies"
            checked={draft.copies === "one"}
            onChange={() => change({ copies: "one" })}
          />
          One label a variant
        </label>
      </fieldset>
      <div className="print-setup-row">
        <PaperChoice value={draft.paper} disabled={!canChange} onChange={(paper) => change({ paper })} />
        <CodeChoice value={draft.code} disabled={!canChange} onChange={(code) => change({ code })} />
      </div>
      {draft.kinds.length === 0 && (
        <p className="muted small">Nothing is queued while none of these is ticked: the queue is off.</p>
      )}
      {canChange ? (
        <div className="print-setup-row">
          <Button type="submit" disabled={!touched}>
            Save what prints
          </Button>
          {saved && (
            <span className="muted" role="status">
              Saved
            </span>
          )}
        </div>
      ) : (
        <p className="muted small">Those who edit the catalogue choose what prints.</p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
