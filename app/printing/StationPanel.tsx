/**
 * The print station's switch and state (docs/printing.md): which tab is the
 * station and what waits; on this computer, making this tab the station
 * (named, so the team knows which printer their labels come from), a test
 * label, and the batch being printed or printed last, drawn as it prints.
 */
import { type FormEvent, useState } from "react";
import { RelativeTime } from "../catalogue/RelativeTime";
import { useStatus } from "../live";
import LabelSheet from "../qr/LabelSheet";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { labelsText } from "./use-print-station";
import { defaultStationName, type useStationPrinter } from "./use-station-printer";

export function StationPanel({
  printer,
  canBeStation,
}: {
  printer: ReturnType<typeof useStationPrinter>;
  canBeStation: boolean;
}) {
  const { doc, isStation, printing, last, error, replacedBy } = printer;
  const { connected } = useStatus();
  const [name, setName] = useState(defaultStationName);
  const shown = printing ?? last;

  function start(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) void printer.start(name.trim());
  }

  if (!doc) return <p className="muted">Loading…</p>;
  const other = doc.station && !isStation ? doc.station : null;
  return (
    <div className="station-panel" data-testid="station-panel">
      <p className="station-state" data-testid="station-state">
        {isStation ? (
          <>
            <strong>This tab is the print station</strong> (“{printer.station?.name}”): labels print here as they are
            queued. Keep this page open: leaving it stops the printing until you come back.
          </>
        ) : other ? (
          <>
            <strong>“{other.name}”</strong> is the print station ({other.by}, since <RelativeTime date={other.since} />)
            {other.online ? "." : ", but its page is not open: labels wait until it is."}
          </>
        ) : (
          <>No print station is open: labels wait in the queue until one is.</>
        )}{" "}
        {doc.waitingLabels > 0 && (
          <span role="status" data-testid="station-waiting">
            {labelsText(doc.waitingLabels)} waiting.
          </span>
        )}
      </p>
      {replacedBy !== null && (
        <p className="muted" role="status">
          This tab stopped being the print station: “{replacedBy}” took over.
        </p>
      )}
      {isStation && !connected && (
        <p className="station-offline" role="status">
          Offline: what is queued prints when this tab is back online.
        </p>
      )}
      {doc.settings.kinds.length === 0 && (
        <p className="muted small">The queue is off: choose below what prints, and labels start to queue.</p>
      )}
      {canBeStation &&
        (printer.station ? (
          <div className="station-actions">
            <Button variant="secondary" onClick={printer.stop}>
              Stop printing here
            </Button>
            <Button variant="ghost" onClick={printer.printTest} disabled={printing !== null}>
              Print a test label
            </Button>
          </div>
        ) : (
          <form className="station-start" onSubmit={start}>
            <Field label="This computer's name" hint="The team sees it, e.g. “Till PC” or “Back office”.">
              {(props) => (
                <input {...props} value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
              )}
            </Field>
            <Button type="submit" disabled={!name.trim()}>
              {other ? "Make this tab the print station instead" : "Make this tab the print station"}
            </Button>
          </form>
        ))}
      {!canBeStation && (
        <p className="muted small">
          Those who edit the catalogue keep the print station: its labels' links publish items' share pages.
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {shown && (
        <div className="station-batch" data-testid="station-batch">
          <p className="muted" role="status">
            {printing ? "Printing" : "Printed"} {labelsText(shown.labels.length)}
            {shown.jobs.length > 0 ? `: ${shown.jobs.map((job) => job.title).join(", ")}` : " (a test label)"}
            {printing ? "…" : <>, {shown.at.toLocaleTimeString()}</>}
          </p>
          <LabelSheet labels={shown.labels} paper={doc.settings.paper} code={doc.settings.code} bare />
        </div>
      )}
    </div>
  );
}
