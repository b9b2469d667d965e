/**
 * A purchase order as a PDF (docs/buying.md): what is e-mailed to the
 * supplier and what _Download PDF_ gives — the shop, the supplier, where it
 * is delivered, then a line per variant (what, the shop's SKU and the
 * supplier's, how many, at what cost), the total and the note, over as many
 * A4 pages as the lines take. Drawn with pdf-lib, which runs in a Worker;
 * its standard fonts write Western European text, so a character they
 * cannot write is shown as "?" rather than failing the order.
 */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { orderNumberText } from "../../protocol/api";
import type { PurchaseOrderLineRow, PurchaseOrderRow } from "../db/room/purchase-order-tables";
import type { SupplierRow } from "../db/room/supplier-tables";

export interface OrderForPdf {
  order: PurchaseOrderRow;
  lines: readonly PurchaseOrderLineRow[];
  supplier: Pick<SupplierRow, "name" | "contact" | "email"> | null;
  shop: string;
  location: string;
}

const A4 = [595.28, 841.89] as const;
const MARGIN = 48;
const ROW = 16;
const GREY = rgb(0.35, 0.35, 0.35);

/** Where each column starts, and its right edge for figures. */
const COLUMNS = { item: MARGIN, sku: 285, supplierSku: 360, quantity: 470, cost: 520, total: A4[0] - MARGIN };

const money = (cents: number | null, currency: string) =>
  cents === null ? "—" : `${(cents / 100).toFixed(2)} ${currency}`;
const day = (ms: number | null) => (ms === null ? "" : new Date(ms).toISOString().slice(0, 10));

export async function orderPdf(input: OrderForPdf): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const number = orderNumberText(input.order.number);
  pdf.setTitle(`Purchase order ${number}`);
  pdf.setProducer("Stockroom");
  pdf.setCreationDate(new Date(input.order.updatedAt));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writable = new Set(regular.getCharacterSet());
  /** The text with what the font cannot write as "?". */
  const clean = (text: string) =>
    Array.from(text.replace(/[\r\n\t]+/g, " "), (char) => (writable.has(char.codePointAt(0) ?? 0) ? char : "?")).join(
      "",
    );
  /** The text cut to fit `width`, with "…" when cut. */
  const fitted = (text: string, font: PDFFont, size: number, width: number) => {
    let out = clean(text);
    if (font.widthOfTextAtSize(out, size) <= width) return out;
    while (out.length > 1 && font.widthOfTextAtSize(`${out}...`, size) > width) out = out.slice(0, -1);
    return `${out}...`;
  };

  let page: PDFPage = pdf.addPage([...A4]);
  let y = A4[1] - MARGIN;
  const write = (text: string, x: number, options: { font?: PDFFont; size?: number; color?: typeof GREY } = {}) => {
    page.drawText(clean(text), { x, y, size: options.size ?? 10, font: options.font ?? regular, color: options.color });
  };
  const writeRight = (text: string, right: number, font = regular, size = 10) => {
    const shown = clean(text);
    page.drawText(shown, { x: right - font.widthOfTextAtSize(shown, size), y, size, font });
  };

  write(`Purchase order ${number}`, MARGIN, { font: bold, size: 18 });
  y -= 26;
  write(input.shop, MARGIN, { font: bold, size: 11 });
  writeRight(`Date: ${day(input.order.orderedAt ?? input.order.updatedAt)}`, COLUMNS.total);
  y -= ROW;
  write(`Deliver to: ${input.location}`, MARGIN);
  if (input.order.expectedAt !== null) writeRight(`Expected: ${day(input.order.expectedAt)}`, COLUMNS.total);
  y -= ROW * 1.5;
  write("Supplier", MARGIN, { font: bold });
  y -= ROW;
  for (const line of [input.supplier?.name, input.supplier?.contact, input.supplier?.email].filter(Boolean)) {
    write(line as string, MARGIN);
    y -= ROW;
  }
  y -= ROW / 2;

  const header = () => {
    write("Item", COLUMNS.item, { font: bold, size: 9 });
    write("Our SKU", COLUMNS.sku, { font: bold, size: 9 });
    write("Your SKU", COLUMNS.supplierSku, { font: bold, size: 9 });
    writeRight("Qty", COLUMNS.quantity, bold, 9);
    writeRight("Unit cost", COLUMNS.cost + 10, bold, 9);
    writeRight("Total", COLUMNS.total, bold, 9);
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: COLUMNS.total, y }, thickness: 0.5, color: GREY });
    y -= ROW - 2;
  };
  header();
  let total = 0;
  for (const line of input.lines) {
    if (y < MARGIN + ROW * 3) {
      page = pdf.addPage([...A4]);
      y = A4[1] - MARGIN;
      write(`Purchase order ${number} (continued)`, MARGIN, { font: bold, size: 11 });
      y -= ROW * 1.5;
      header();
    }
    const name = line.variantName ? `${line.title} — ${line.variantName}` : line.title;
    const lineTotal = line.unitCostCents === null ? null : line.unitCostCents * line.quantity;
    total += lineTotal ?? 0;
    page.drawText(fitted(name, regular, 9, COLUMNS.sku - COLUMNS.item - 8), {
      x: COLUMNS.item,
      y,
      size: 9,
      font: regular,
    });
    page.drawText(fitted(line.sku, regular, 9, COLUMNS.supplierSku - COLUMNS.sku - 6), {
      x: COLUMNS.sku,
      y,
      size: 9,
      font: regular,
    });
    page.drawText(fitted(line.supplierSku, regular, 9, 70), { x: COLUMNS.supplierSku, y, size: 9, font: regular });
    writeRight(String(line.quantity), COLUMNS.quantity, regular, 9);
    writeRight(money(line.unitCostCents, ""), COLUMNS.cost + 10, regular, 9);
    writeRight(money(lineTotal, ""), COLUMNS.total, regular, 9);
    y -= ROW;
  }
  y -= 4;
  page.drawLine({
    start: { x: MARGIN, y: y + ROW - 4 },
    end: { x: COLUMNS.total, y: y + ROW - 4 },
    thickness: 0.5,
    color: GREY,
  });
  writeRight(`Total: ${money(total, input.order.currency)}`, COLUMNS.total, bold, 11);
  y -= ROW * 2;
  if (input.order.note) {
    write("Note", MARGIN, { font: bold });
    y -= ROW;
    for (const part of wrap(clean(input.order.note), regular, 10, COLUMNS.total - MARGIN)) {
      if (y < MARGIN) {
        page = pdf.addPage([...A4]);
        y = A4[1] - MARGIN;
      }
      write(part, MARGIN);
      y -= ROW;
    }
  }
  return pdf.save();
}

/** Words in lines no wider than `width`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
