/**
 * A printable sheet of item labels (docs/product.md §4): title, price, SKU and a QR of
 * the item's link (drawn as vector SVG), laid out on A4 or Letter. Printing shows the sheet alone
 * (labels.css); the page size and margins follow the chosen paper.
 */
import { useState } from "react";
import type { LabelCode } from "../../protocol/print-args";
import { BarcodeVector } from "./BarcodeVector";
import { CodeChoice, PaperChoice } from "./LabelChoices";
import { labelBarcode } from "./label-barcode";
import type { QrStyle } from "./options";
import { cssLength, labelSize, labelsPerPage, PAPERS, type Paper, paginate, sheetPageSize } from "./paper";
import QrVector from "./QrVector";
import "./labels.css";

export interface SheetLabel {
  id: string;
  title: string;
  priceText: string;
  sku: string;
  /** The item's product barcode ("" or absent: none; the SKU is printed as Code 128 instead). */
  barcode?: string;
  /** What the QR encodes: the item's public link. */
  link: string;
}

export type { LabelCode } from "../../protocol/print-args";

export interface LabelSheetProps {
  labels: SheetLabel[];
  /** The paper first shown; the sheet's own selector changes it. */
  paper: Paper;
  style?: QrStyle;
  onPaperChange?: (paper: Paper) => void;
  /** The code first printed; the sheet's own selector changes it. */
  code?: LabelCode;
  /** Just the labels, on the paper and with the code given (the print station's batch: app/printing/). */
  bare?: boolean;
}

/** How big a label printer's label is, for its layout: a small one has its code beside one line of text. */
function labelClass(layout: { width: number; height: number; unit: "mm" | "in" }): "small" | "medium" | "large" {
  const heightMm = layout.unit === "in" ? layout.height * 25.4 : layout.height;
  return heightMm < 30 ? "small" : heightMm > 80 ? "large" : "medium";
}

export default function LabelSheet({
  labels,
  paper: initialPaper,
  style,
  onPaperChange,
  code: initialCode = "qr",
  bare = false,
}: LabelSheetProps) {
  const [chosenPaper, setPaper] = useState<Paper>(initialPaper);
  const [chosenCode, setCode] = useState<LabelCode>(initialCode);
  const paper = bare ? initialPaper : chosenPaper;
  const code = bare ? initialCode : chosenCode;
  const layout = PAPERS[paper];
  const label = labelSize(layout);
  const pages = paginate(labels, labelsPerPage(layout));
  const pageSize = sheetPageSize(layout);
  const page = { width: cssLength(layout, pageSize.width), height: cssLength(layout, pageSize.height) };

  function choosePaper(next: Paper) {
    setPaper(next);
    onPaperChange?.(next);
  }

  return (
    <section
      className={layout.printer ? "label-sheet label-printer" : "label-sheet"}
      aria-label="Label sheet"
      data-paper={paper}
      data-size={layout.printer ? labelClass(layout) : undefined}
    >
      {/* Only one @page rule can apply, so it is written for the paper chosen now. */}
      <style>{`@page { size: ${layout.cssSize}; margin: ${cssLength(layout, layout.margin)}; }`}</style>
      {!bare && (
        <div className="label-sheet-controls">
          <PaperChoice value={paper} onChange={choosePaper} />
          <CodeChoice value={code} onChange={setCode} />
          <span className="muted">
            {labels.length} {labels.length === 1 ? "label" : "labels"}, {pages.length}{" "}
            {pages.length === 1 ? "page" : "pages"}
          </span>
          <button type="button" onClick={() => window.print()} disabled={labels.length === 0}>
            Print
          </button>
        </div>
      )}
      {pages.map((items) => (
        <div
          key={items[0]!.id}
          className="label-page"
          style={{
            width: page.width,
            height: page.height,
            gridTemplateColumns: `repeat(${layout.columns}, ${cssLength(layout, label.width)})`,
            gridTemplateRows: `repeat(${layout.rows}, ${cssLength(layout, label.height)})`,
          }}
        >
          {items.map((item) => {
            // An item with neither barcode nor SKU keeps its QR code: every label has a code.
            const barcode = code === "qr" ? null : labelBarcode(item);
            return (
              <article key={item.id} className={barcode ? "qr-label with-barcode" : "qr-label"} data-testid="qr-label">
                {/* Vector, not a canvas: sharp at any printer resolution (QrVector.tsx). */}
                {(code !== "barcode" || !barcode) && (
                  <QrVector data={item.link} style={style} className="qr-label-code" />
                )}
                <div className="qr-label-text">
                  <h3 className="qr-label-title">{item.title}</h3>
                  <p className="qr-label-price">{item.priceText}</p>
                  <p className="qr-label-sku mono">{item.sku}</p>
                </div>
                {barcode && <BarcodeVector code={barcode} className="qr-label-barcode" />}
              </article>
            );
          })}
        </div>
      ))}
    </section>
  );
}
