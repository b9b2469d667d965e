/**
 * One cell of a CSV file read as a field: text, a price, a count, a status,
 * tags. Each answers its value or a problem in words ("“12,5x” is not a
 * price"), never a throw, so a file is read whole and every problem shown
 * at once.
 */
import { ITEM_STATUSES, type ItemStatus, LIMITS, WEIGHT_UNITS, type WeightUnit } from "../../../protocol/api";

export type Cell<T> = { value: T } | { problem: string };

/** How protocol/csv.ts keeps a cell from being run: an apostrophe before what a spreadsheet would run. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/** A cell as it was written, trimmed: one our own export kept as text loses the apostrophe it put before it. */
export const asWritten = (raw: string) => (NEUTRALISED.test(raw) ? raw.slice(1).trim() : raw.trim());

/**
 * A text cell, trimmed. Text is text: a description that is a dash list or
 * a tag like @gift is taken as written, whatever its first character — the
 * export is what keeps such a cell from being run by a spreadsheet
 * (protocol/csv.ts). A cell our own export kept as text (an apostrophe
 * before it) is taken back as what it was.
 */
export function readText(raw: string, max: number): Cell<string> {
  const text = asWritten(raw);
  if (text.length > max) return { problem: `is longer than ${max.toLocaleString("en")} characters` };
  return { value: text };
}

const quoted = (raw: string) => `“${raw.trim()}”`;

/**
 * A price in whole cents: "12.50", "12,50", "$12.50", "12.50 EUR",
 * "1,234.50" or "1.234,50". A figure like "1,234" is refused: it could be
 * either a thousand or one and a bit.
 */
export function readPrice(raw: string): Cell<number> {
  const text = raw
    .trim()
    .replace(/^[A-Z]{3}\s*|\s*[A-Z]{3}$/g, "")
    .replace(/[$€£¥\s\u00a0]/g, "");
  let normal: string | null = null;
  if (/^\d+([.,]\d{1,2})?$/.test(text)) normal = text.replace(",", ".");
  else if (/^\d{1,3}(,\d{3})+\.\d{1,2}$/.test(text)) normal = text.replaceAll(",", "");
  else if (/^\d{1,3}(\.\d{3})+,\d{1,2}$/.test(text)) normal = text.replaceAll(".", "").replace(",", ".");
  if (normal === null) return { problem: `${quoted(raw)} is not a price` };
  const cents = Math.round(Number(normal) * 100);
  if (cents > LIMITS.PRICE_CENTS) {
    return {
      problem: `${quoted(raw)} is more than the largest price, ${(LIMITS.PRICE_CENTS / 100).toLocaleString("en")}`,
    };
  }
  return { value: cents };
}

/** A count of units: a whole number, 0 or more ("5.0", as some spreadsheets write it, is 5). */
export function readCount(raw: string): Cell<number> {
  const text = raw.trim();
  if (!/^\d+(\.0+)?$/.test(text)) return { problem: `${quoted(raw)} is not a whole number of 0 or more` };
  const count = Number.parseInt(text, 10);
  if (count > LIMITS.QUANTITY) {
    return { problem: `${quoted(raw)} is more than ${LIMITS.QUANTITY.toLocaleString("en")}` };
  }
  return { value: count };
}

/**
 * A stock count: a whole number, below 0 too — Shopify exports stock it
 * sold before it had it (oversold) as "-3", and that is what there is.
 */
export function readStockCount(raw: string): Cell<number> {
  const text = raw.trim().replace(/^[\u2212\u2013]/, "-");
  if (!/^-?\d+(\.0+)?$/.test(text)) return { problem: `${quoted(raw)} is not a whole number` };
  const count = Number.parseInt(text, 10);
  if (Math.abs(count) > LIMITS.QUANTITY) {
    return { problem: `${quoted(raw)} is beyond ${LIMITS.QUANTITY.toLocaleString("en")}` };
  }
  return { value: count };
}

/** A weight in whole grams ("200", "200.0", "12.5" rounds to 13), up to a tonne. */
export function readGrams(raw: string): Cell<number> {
  const text = raw.trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(text)) return { problem: `${quoted(raw)} is not a weight in grams` };
  const grams = Math.round(Number(text));
  if (grams > 1_000_000) return { problem: `${quoted(raw)} is more than a tonne` };
  return { value: grams };
}

/** The unit a weight is shown in: g, kg, lb or oz (Shopify's words, any case). */
export function readWeightUnit(raw: string): Cell<WeightUnit> {
  const unit = raw.trim().toLowerCase();
  if ((WEIGHT_UNITS as readonly string[]).includes(unit)) return { value: unit as WeightUnit };
  return { problem: `${quoted(raw)} is not a weight unit: use g, kg, lb or oz` };
}

/** Shopify's statuses, in Stockroom's words: an active product is one listed for sale. */
const SHOPIFY_STATUSES: Record<string, ItemStatus> = {
  active: "listed",
  draft: "draft",
  archived: "archived",
  unlisted: "ready",
};

export function readStatus(raw: string): Cell<ItemStatus> {
  const text = raw.trim().toLowerCase();
  const status = (ITEM_STATUSES as readonly string[]).includes(text) ? (text as ItemStatus) : SHOPIFY_STATUSES[text];
  if (status) return { value: status };
  return {
    problem: `${quoted(raw)} is not a status: use ${ITEM_STATUSES.slice(0, -1).join(", ")} or ${ITEM_STATUSES.at(-1)} (Shopify's active is read as listed)`,
  };
}

/** A price's currency, as ISO 4217 writes it ("eur" reads as EUR). */
export function readCurrency(raw: string): Cell<string> {
  const code = raw.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(code)) return { value: code };
  return { problem: `${quoted(raw)} is not a currency: use its three-letter code, like EUR or USD` };
}

/** "lights, brass" → ["lights", "brass"]: each tag once, blanks dropped. */
export function readTags(text: string): Cell<string[]> {
  const tags = [
    ...new Set(
      text
        .split(",")
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
  const long = tags.find((tag) => tag.length > LIMITS.TAG);
  if (long) return { problem: `the tag “${long}” is longer than ${LIMITS.TAG} characters` };
  if (tags.length > LIMITS.TAGS) return { problem: `has ${tags.length} tags; a product has at most ${LIMITS.TAGS}` };
  return { value: tags };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * Shopify's "Body (HTML)" as plain text: paragraphs and line breaks kept as
 * lines, every other tag dropped, the common entities decoded. The
 * description is plain text in Stockroom; nothing here is ever shown as HTML.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|h[1-6]|tr|blockquote)\s*>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "• ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name[0] === "#") {
        const code = name[1]?.toLowerCase() === "x" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
