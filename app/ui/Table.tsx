/**
 * A table of figures: a header row, an optional row header per row, numbers
 * aligned to the end so digits line up. The design system's one table look
 * (ui.css `.ui-table`); long tables scroll sideways inside their card
 * instead of widening the page. A `stacked` table turns each row into a
 * small card on a phone: the row's name on top, each other cell with its
 * column's name, so nothing runs off a 390 px screen.
 */
import type { ReactNode } from "react";

export interface TableColumn {
  key: string;
  header: ReactNode;
  /** Figures line up at the end; text starts at the start. */
  numeric?: boolean;
}

export interface TableRow {
  key: string;
  /** Named by the first column's cell (a row header). */
  cells: Record<string, ReactNode>;
}

export function Table({
  label,
  columns,
  rows,
  testId,
  stacked = false,
}: {
  /** What the table holds, for assistive technology. */
  label: string;
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  testId?: string;
  stacked?: boolean;
}) {
  const [first, ...rest] = columns;
  return (
    <div className="ui-table-scroll">
      <table className={stacked ? "ui-table ui-table-stacked" : "ui-table"} aria-label={label} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? "numeric" : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {first && <th scope="row">{row.cells[first.key]}</th>}
              {rest.map((column) => (
                <td
                  key={column.key}
                  className={column.numeric ? "numeric" : undefined}
                  data-label={typeof column.header === "string" ? column.header : undefined}
                >
                  {row.cells[column.key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
