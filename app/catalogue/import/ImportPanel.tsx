/**
 * _Import CSV_: a file chosen, read (read-csv.ts), its layout recognised and
 * its columns mapped (import-fields.ts), a preview of its first rows, then
 * the check and the import (ImportActions.tsx). A file that cannot be read
 * as a whole — not UTF-8, too big, empty — says why and changes nothing.
 * Loaded only when opened: Papa Parse is not part of the catalogue's code.
 */
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "../../ui/Button";
import { Field } from "../../ui/Field";
import { ImportActions } from "./ImportActions";
import { ImportPreview } from "./ImportPreview";
import {
  detectFormat,
  FIELDS,
  type FileFormat,
  FORMAT_NAMES,
  type Mapping,
  mappingProblem,
  prefillMapping,
} from "./import-fields";
import { rowsText } from "./import-words";
import { MappingForm } from "./MappingForm";
import { planImport } from "./plan-import";
import { type CsvTable, readCsvFile } from "./read-csv";
import { columnName } from "./read-row";
import { isShopifyInventory, pivotInventory } from "./shopify-inventory";
import "./import.css";

interface LoadedFile {
  name: string;
  /** What is imported: the file's table, or a Shopify inventory export's turned into one row per variant. */
  table: CsvTable;
  format: FileFormat;
  /** The file's own rows under its header. */
  rowCount: number;
}

export default function ImportPanel({ onClose }: { onClose(): void }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<LoadedFile | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [busy, setBusy] = useState(false);
  // A new file or mapping starts the check over (ImportActions is keyed by it).
  const [version, setVersion] = useState(0);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const plan = useMemo(
    () => (file && mapping && !mappingProblem(mapping) ? planImport(file.table, mapping) : null),
    [file, mapping],
  );

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0];
    setFile(null);
    setMapping(null);
    setFileError(null);
    setVersion((n) => n + 1);
    if (!chosen) return;
    setReading(true);
    const read = await readCsvFile(chosen).catch(() => ({
      ok: false as const,
      message: "This file could not be read. Choose it again.",
    }));
    setReading(false);
    if (!read.ok) return setFileError(read.message);
    const inventory = isShopifyInventory(read.table.headers);
    const table = inventory ? pivotInventory(read.table) : read.table;
    const format = inventory ? "shopify-inventory" : detectFormat(table.headers);
    setFile({ name: chosen.name, table, format, rowCount: read.table.rows.length });
    setMapping(prefillMapping(table.headers, format));
  }

  function another() {
    if (input.current) input.current.value = "";
    setFile(null);
    setMapping(null);
    setVersion((n) => n + 1);
    input.current?.focus();
  }

  const columnOf = (label: string) => {
    const field = FIELDS.find((each) => each.label.toLowerCase() === label.toLowerCase());
    return file && mapping && field ? columnName(file.table.headers, mapping, field.key) : label;
  };

  return (
    <section className="card catalogue-import" aria-labelledby={headingId} data-testid="import-panel">
      <div className="import-head">
        <h2 id={headingId} ref={heading} tabIndex={-1}>
          Import products from a CSV file
        </h2>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={busy}>
          Close
        </Button>
      </div>
      <p className="muted">
        Stockroom's own <em>Download CSV</em> file, a Shopify product export (then its inventory export, for the stock
        at each location), or any other spreadsheet saved as CSV: you choose which column holds what. Products already
        here are found by their handle or SKU and updated.
      </p>
      <Field label="CSV file" hint="Saved as “CSV UTF-8”, at most 20 MB." error={fileError}>
        {(props) => (
          <input
            {...props}
            ref={input}
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void choose(event)}
            disabled={busy}
          />
        )}
      </Field>
      {reading && <p role="status">Reading the file…</p>}
      {file && mapping && (
        <>
          <p role="status">
            {file.name}: {rowsText(file.rowCount)}, read as {FORMAT_NAMES[file.format]}.
          </p>
          <MappingForm
            headers={file.table.headers}
            format={file.format}
            mapping={mapping}
            disabled={busy}
            onChange={(next) => {
              setMapping(next);
              setVersion((n) => n + 1);
            }}
          />
          {plan && plan.rowCount > 0 && (
            <>
              <ImportPreview plan={plan} />
              <ImportActions
                key={version}
                plan={plan}
                format={file.format}
                columnOf={columnOf}
                onBusy={setBusy}
                onAnother={another}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
