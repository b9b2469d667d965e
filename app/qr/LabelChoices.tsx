/**
 * The two choices every label is printed with — the paper (a sheet or a
 * label printer's label, paper.ts) and the code (QR, barcode or both) — as
 * the label sheet and the print station's setup both offer them.
 */
import type { LabelCode } from "../../protocol/print-args";
import { PAPERS, type Paper } from "./paper";

const CODE_TEXT: Record<LabelCode, string> = {
  qr: "QR code",
  barcode: "Barcode",
  both: "QR code and barcode",
};

interface Choice<T> {
  value: T;
  onChange(value: T): void;
  disabled?: boolean;
}

export function PaperChoice({ value, onChange, disabled }: Choice<Paper>) {
  return (
    <label>
      Paper{" "}
      <select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as Paper)}>
        {Object.entries(PAPERS).map(([key, paper]) => (
          <option key={key} value={key}>
            {paper.name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function CodeChoice({ value, onChange, disabled }: Choice<LabelCode>) {
  return (
    <label>
      Code{" "}
      <select value={value} disabled={disabled} onChange={(event) => onChange(event.target.value as LabelCode)}>
        {Object.entries(CODE_TEXT).map(([key, text]) => (
          <option key={key} value={key}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
