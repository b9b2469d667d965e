/**
 * Which column of the file holds each of Stockroom's fields: one labelled
 * <select> per field, filled in from the layout the file was read as. For a
 * file of a known layout the choices start folded away; for any other they
 * are open, since the person has to make them.
 */
import { useId } from "react";
import { columnLetter, FIELDS, type FieldKey, type FileFormat, type Mapping, mappingProblem } from "./import-fields";

const NONE = "";

function ColumnSelect({
  label,
  headers,
  value,
  onChange,
}: {
  label: string;
  headers: readonly string[];
  value: number | null;
  onChange(column: number | null): void;
}) {
  const id = useId();
  return (
    <div className="import-mapping-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value === null ? NONE : String(value)}
        onChange={(event) => onChange(event.target.value === NONE ? null : Number(event.target.value))}
      >
        <option value={NONE}>Not in this file</option>
        {headers.map((header, column) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a column is its position; two may share a name.
          <option key={column} value={String(column)}>
            {columnLetter(column)}: {header || "(no name)"}
          </option>
        ))}
      </select>
    </div>
  );
}

export function MappingForm({
  headers,
  format,
  mapping,
  disabled = false,
  onChange,
}: {
  headers: readonly string[];
  format: FileFormat;
  mapping: Mapping;
  /** While a check or an import runs: what it reads stays as it is. */
  disabled?: boolean;
  onChange(mapping: Mapping): void;
}) {
  const problem = mappingProblem(mapping);
  const mapped = FIELDS.filter((field) => mapping.columns[field.key] !== null).length + mapping.stock.length;
  const setField = (key: FieldKey, column: number | null) =>
    onChange({ ...mapping, columns: { ...mapping.columns, [key]: column } });
  const setStock = (index: number, column: number | null) =>
    onChange({ ...mapping, stock: mapping.stock.map((each, i) => (i === index ? { ...each, column } : each)) });
  return (
    <details className="import-mapping" open={format === "unknown" || problem !== null}>
      <summary>
        Columns: {mapped} of {FIELDS.length + mapping.stock.length} fields found in the file
      </summary>
      <p className="muted">
        Choose the column of your file that holds each field. A field not in the file is left as it is on products
        already in the room.
      </p>
      <fieldset className="import-mapping-grid" disabled={disabled}>
        <legend className="visually-hidden">Column for each field</legend>
        {FIELDS.map((field) => (
          <ColumnSelect
            key={field.key}
            label={field.label}
            headers={headers}
            value={mapping.columns[field.key]}
            onChange={(column) => setField(field.key, column)}
          />
        ))}
        {mapping.stock.map((stock, index) => (
          <ColumnSelect
            key={stock.location}
            label={`Stock: ${stock.location}`}
            headers={headers}
            value={stock.column}
            onChange={(column) => setStock(index, column)}
          />
        ))}
      </fieldset>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </details>
  );
}
