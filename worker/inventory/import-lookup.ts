/**
 * The room's products one part of an import could be, read in a handful of
 * statements for the whole part rather than a few per row (docs/performance.md
 * §import): the items with the part's handles, those whose SKU or barcode
 * is one of the part's codes, and the variants that carry one. The import
 * then matches every product against these maps. Read in the part's own
 * write turn, before it writes, so they are what the room holds.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { barcodeForms } from "../../protocol/barcodes";
import type { ImportProblem, ImportProduct } from "../../protocol/variant-args";
import { chunks } from "../db/room/items-repo";
import { type ItemRow, items, variantCodes } from "../db/room/room-schema";
import type { RoomHost } from "../rooms/room-host";
import { codesOf } from "./import-rows";

/** Who has a code: the item whose own SKU or barcode it is, else the product one of whose variants has it. */
export interface CodeOwner {
  itemId: string;
  /** The item, when known (a variant's product is read with the rest). */
  item: ItemRow | undefined;
}

export class ImportLookup {
  private readonly handles = new Map<string, ItemRow>();
  private readonly skus = new Map<string, ItemRow>();
  private readonly barcodes = new Map<string, ItemRow>();
  private readonly variantItems = new Map<string, string>();
  private readonly byId = new Map<string, ItemRow>();

  constructor(host: RoomHost, products: readonly ImportProduct[]) {
    const db = host.roomDb;
    const handles = [...new Set(products.map((product) => product.handle).filter(Boolean))];
    const codes = [
      ...new Set(products.flatMap((product) => product.variants.flatMap((v) => [v.sku, v.barcode])).filter(Boolean)),
    ];
    const forms = [...new Set(codes.flatMap((code) => [code, ...barcodeForms(code)]))];
    // `<> ''` written out, so SQLite can prove each partial index applies (room/migrations/0007, 0009).
    for (const part of chunks(handles)) {
      for (const row of db
        .select()
        .from(items)
        .where(and(inArray(items.handle, part), sql`${items.handle} <> ''`))
        .all()) {
        if (!this.handles.has(row.handle)) this.handles.set(row.handle, row);
        this.byId.set(row.id, row);
      }
    }
    // The items whose own SKU, then barcode, is one of these (each through its partial unique index).
    const byColumn = (field: "sku" | "barcode", values: readonly string[], into: Map<string, ItemRow>) => {
      const column = items[field];
      for (const part of chunks(values)) {
        const rows = db
          .select()
          .from(items)
          .where(and(eq(items.roomId, host.roomId), inArray(column, part), sql`${column} <> ''`))
          .all();
        for (const row of rows) {
          into.set(row[field], row);
          this.byId.set(row.id, row);
        }
      }
    };
    byColumn("sku", codes, this.skus);
    byColumn("barcode", forms, this.barcodes);
    const lowered = [...new Set(forms.map((form) => form.toLowerCase()))];
    for (const part of chunks(lowered)) {
      const rows = db
        .select({ code: variantCodes.code, itemId: variantCodes.itemId })
        .from(variantCodes)
        .where(inArray(variantCodes.code, part))
        .all();
      for (const row of rows) if (!this.variantItems.has(row.code)) this.variantItems.set(row.code, row.itemId);
    }
    const unread = [...new Set(this.variantItems.values())].filter((id) => !this.byId.has(id));
    for (const part of chunks(unread)) {
      for (const row of db.select().from(items).where(inArray(items.id, part)).all()) this.byId.set(row.id, row);
    }
  }

  /** The product the file knows by this handle. */
  byHandle(handle: string): ItemRow | undefined {
    return this.handles.get(handle);
  }

  /** The item whose own SKU, then barcode, this code is (in any of its barcode forms). */
  private itemWithCode(code: string): ItemRow | undefined {
    return (
      this.skus.get(code) ??
      barcodeForms(code)
        .map((form) => this.barcodes.get(form))
        .find(Boolean)
    );
  }

  /** Who has this code: an item as its own SKU or barcode, else a product's variant (any case). */
  ownerOf(code: string): CodeOwner | null {
    const item = this.itemWithCode(code);
    if (item) return { itemId: item.id, item };
    for (const form of [code, ...barcodeForms(code)]) {
      const itemId = this.variantItems.get(form.toLowerCase());
      if (itemId) return { itemId, item: this.byId.get(itemId) };
    }
    return null;
  }

  /** The product the file's product is: by handle, else by a SKU or barcode of one of its rows. */
  productFor(product: ImportProduct): ItemRow | null {
    const byHandle = this.byHandle(product.handle);
    if (byHandle) return byHandle;
    for (const variant of product.variants) {
      for (const code of [variant.sku, variant.barcode].filter(Boolean)) {
        const owner = this.ownerOf(code);
        if (owner) return owner.item ?? null;
      }
    }
    return null;
  }

  /** A code of the file's product that another product of the room (not `itemId`) has: a problem, in words. */
  clashOf(product: ImportProduct, itemId: string | null): ImportProblem | null {
    for (const variant of product.variants) {
      for (const [column, code] of codesOf(variant)) {
        const owner = this.ownerOf(code);
        if (owner && owner.itemId !== itemId) {
          const title = owner.item?.title ?? "another item";
          return { row: variant.row, column, message: `${code} is already on “${title}” in this room` };
        }
      }
    }
    return null;
  }
}
