/**
 * One part of a CSV import (docs/architecture.md §4, §9): at most
 * LIMITS.IMPORT_PART rows, one turn of the room's write queue and one
 * transaction — products created or updated, their variants, history
 * entries and the stock movements their counts make. The app's check and
 * import run the parts of a file as a bulk job (import-job.ts); a script
 * may send a part itself (`items.import`). A product is found again by its
 * handle, else by a variant's SKU or barcode (import-lookup.ts, read once
 * per part), so importing the same file twice updates rather than
 * duplicates. A dry run goes through the same steps and writes nothing.
 */
import { COLLECTION, type ItemDoc, planVariants } from "../../protocol/api";
import type { ItemFields } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import {
  emptyImportReport,
  type ImportChangeKind,
  type ImportPart,
  type ImportProblem,
  type ImportProduct,
  type ImportReport,
} from "../../protocol/variant-args";
import { newId } from "../db/directory/database";
import type { HistoryEntry } from "../db/room/item-history-repo";
import { toItemDoc } from "../db/room/items-repo";
import { insertLocationStatement, toLocationDoc } from "../db/room/locations-repo";
import { type RoomStatement, runTogether } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { ImportLookup } from "./import-lookup";
import { queuePartPhotosQueries } from "./import-photos";
import { locationNames, locationsFor, quantityRule, type StockRule, stockByLocation } from "./import-places";
import {
  COMPARED,
  changeKinds,
  countChanges,
  emptyRow,
  heldElsewhere,
  repeatedCode,
  specsFor,
  variantSummary,
} from "./import-rows";
import { announceSuppliers, insertSupplierStatements, suppliersFor, withSupplierIds } from "./import-suppliers";
import { changedFields } from "./item-changes";
import { type ItemChange, writeItems } from "./item-pipeline";
import { historyEntry, made } from "./item-writes";
import { stockMoves } from "./stock-moves";

interface Planned extends ItemChange {
  entry: HistoryEntry;
  /** How a product already here changes. */
  kinds: ImportChangeKind[];
  /** Stock its variants keep at locations the file does not name, by location id. */
  elsewhere: Map<string, { units: number; variants: number }>;
}

/** A product the import leaves as it is, whose variants keep stock at locations the file does not name. */
interface Unchanged {
  elsewhere: Map<string, { units: number; variants: number }>;
}

/** One product's writes: its row (new or changed), its history entry and its movements; null when unchanged. */
function planProduct(
  host: RoomHost,
  lookup: ImportLookup,
  actor: string,
  product: ImportProduct,
  locationIds: ReadonlyMap<string, string>,
  stockRule: StockRule,
  currency: string | undefined,
): Planned | Unchanged | ImportProblem | null {
  const before = lookup.productFor(product);
  const clash = lookup.clashOf(product, before?.id ?? null);
  if (clash) return clash;
  const doc = before ? toItemDoc(before) : null;
  const id = before?.id ?? newId();
  const own = product.variants[0];
  const simple = product.options.length === 0;
  if (simple && (product.variants.length !== 1 || !own)) {
    return { row: product.row, column: "Option1 Name", message: "Rows of one handle with no options: name the option" };
  }
  const base: ProductBase = doc ?? {
    _id: id,
    sku: "",
    barcode: "",
    priceCents: 0,
    quantity: 0,
    stock: {},
    reorderPoint: null,
    options: [],
    variants: [],
  };
  let plan: ReturnType<typeof planVariants>;
  try {
    plan = planVariants(base, product.options, specsFor(product, doc), () => newId());
  } catch (error) {
    if (!(error instanceof LiveError)) throw error;
    return { row: product.row, column: "Option1 Value", message: error.message };
  }
  const fields: Partial<ItemFields> = {
    title: product.title,
    ...(product.description !== undefined ? { description: product.description } : {}),
    ...(product.status !== undefined ? { status: product.status } : {}),
    ...(product.location !== undefined ? { location: product.location } : {}),
    ...(product.tags !== undefined ? { tags: product.tags } : {}),
    ...(product.currency !== undefined ? { currency: product.currency } : {}),
    ...(product.vendor !== undefined ? { vendor: product.vendor } : {}),
    ...(product.productType !== undefined ? { productType: product.productType } : {}),
    ...(product.seoTitle !== undefined ? { seoTitle: product.seoTitle } : {}),
    ...(product.seoDescription !== undefined ? { seoDescription: product.seoDescription } : {}),
  };
  const columns: Partial<ItemRow> = simple
    ? {
        sku: own?.sku || doc?.sku || "",
        barcode: own?.barcode || doc?.barcode || "",
        priceCents: own?.priceCents ?? doc?.priceCents ?? 0,
        reorderPoint: own?.reorderPoint !== undefined ? own.reorderPoint : (doc?.reorderPoint ?? null),
        options: "[]",
        variants: "[]",
        // A cost, "was" price or weight the file leaves out stays as it is.
        costCents: own?.costCents !== undefined ? own.costCents : (doc?.costCents ?? null),
        supplierId: own?.supplierId !== undefined ? own.supplierId : (doc?.supplierId ?? null),
        supplierSku: own?.supplierSku !== undefined ? own.supplierSku : (doc?.supplierSku ?? ""),
        compareAtCents: own?.compareAtCents !== undefined ? own.compareAtCents : (doc?.compareAtCents ?? null),
        weightGrams: own?.weightGrams !== undefined ? own.weightGrams : (doc?.weightGrams ?? null),
        weightUnit: own?.weightUnit ?? doc?.weightUnit ?? "g",
      }
    : {
        sku: plan.own.sku,
        barcode: plan.own.barcode,
        priceCents: plan.own.priceCents,
        reorderPoint: plan.own.reorderPoint,
        options: JSON.stringify(plan.options),
        variants: JSON.stringify(plan.variants),
        costCents: null,
        avgCostCents: null,
        supplierId: null,
        supplierSku: "",
        compareAtCents: null,
        weightGrams: null,
      };
  const at = host.now();
  const shaped: ItemRow = {
    ...(before ?? emptyRow(host.roomId, id, at)),
    ...columns,
    handle: product.handle,
    id,
  } as ItemRow;
  const variants = simple
    ? [
        {
          _id: id,
          values: [],
          sku: "",
          barcode: "",
          priceCents: 0,
          stock: JSON.parse(shaped.stock) as Record<string, number>,
          quantity: shaped.quantity,
          reorderPoint: null,
        },
      ]
    : plan.variants;
  const changes = countChanges(product, variants, locationIds, stockRule.quantityAt, stockRule.unnamedToZero);
  const moves = changes.length ? stockMoves(shaped, changes, made(host, actor, at)) : null;
  const quantity = moves?.quantity ?? shaped.quantity;
  const elsewhere = stockRule.unnamedToZero ? new Map() : heldElsewhere(product, variants, locationIds);
  if (before) {
    const whole = { ...toItemDoc({ ...shaped, ...(moves?.columns ?? {}), quantity }), ...fields };
    const kinds = changeKinds(toItemDoc(before), whole);
    // What a person reads in the history: the fields, the variants' names and codes, the count.
    const after: Record<string, unknown> = {};
    for (const field of COMPARED) after[field] = whole[field];
    after.variants = variantSummary(whole.variants ?? []);
    const changed = changedFields(
      { ...toItemDoc(before), variants: variantSummary(toItemDoc(before).variants ?? []) } as unknown as ItemDoc,
      after,
    );
    if (Object.keys(changed).length === 0 && before.handle === product.handle) {
      return elsewhere.size > 0 ? { elsewhere } : null;
    }
    const entry = historyEntry(host, id, actor, "updated", changed, "import");
    const written = { ...columns, handle: product.handle, ...(moves?.columns ?? {}), quantity };
    return { id, before, row: { update: fields, columns: written }, entry, moves, kinds, elsewhere };
  }
  const entry = historyEntry(host, id, actor, "created", {}, "import");
  const row = {
    // In the file's currency, else the room's.
    insert: { ...(currency ? { currency } : {}), ...fields, title: product.title },
    columns: { ...columns, handle: product.handle, ...(moves?.columns ?? {}), quantity },
  };
  return { id, before: null, row, entry, moves, kinds: [], elsewhere };
}

type ProductBase = Parameters<typeof planVariants>[0];

/** Imports (or, in a dry run, weighs) one part of a file in its own write turn; answers what it did and the rows it could not take. */
export function importPart(
  host: RoomHost,
  actor: string,
  part: ImportPart,
  currency: string | undefined,
): Promise<ImportReport> {
  return host.writes.run(
    async () =>
      importPartNow(host, actor, part, currency, (statements) =>
        statements.length > 0 ? runTogether(host.roomDb, statements) : [],
      ),
    actor,
  );
}

/**
 * Commits a part's statements in one transaction, knowing what the part
 * does (a bulk job's chunk commits its progress with them); called once,
 * with none for a dry run or a part that changes nothing.
 */
export type CommitPart = (statements: readonly RoomStatement[], report: ImportReport) => readonly unknown[];

/** One part, in the caller's write turn: planned against the room as it is now, then committed through `commit`. */
export function importPartNow(
  host: RoomHost,
  actor: string,
  part: ImportPart,
  currency: string | undefined,
  commit: CommitPart,
): ImportReport {
  const report = emptyImportReport();
  const { byName: locationIds, added } = locationsFor(host, part, report);
  const stockRule = quantityRule(host, part, added);
  const suppliers = suppliersFor(host, part, report);
  const planned: Planned[] = [];
  const elsewhere = new Map<string, { units: number; variants: number }>();
  const handles = new Set<string>();
  const codes = new Map<string, number>();
  /** The item each product of the part became (by handle). */
  const ids = new Map<string, string>();
  const lookup = new ImportLookup(host, part.products);
  for (const product of part.products) {
    if (handles.has(product.handle.toLowerCase())) {
      report.problems.push({
        row: product.row,
        column: "Handle",
        message: `${product.handle} comes twice in the file`,
      });
      continue;
    }
    handles.add(product.handle.toLowerCase());
    const repeated = repeatedCode(product, codes);
    if (repeated) {
      report.problems.push(repeated);
      continue;
    }
    const outcome = planProduct(
      host,
      lookup,
      actor,
      withSupplierIds(product, suppliers),
      locationIds,
      stockRule,
      currency,
    );
    if (outcome !== null && "message" in outcome) {
      report.problems.push(outcome);
      continue;
    }
    // Two of the file's products found as one of the room's (one by its handle, one by a code): the first wins.
    const sameAs = outcome && "entry" in outcome ? planned.find((each) => each.id === outcome.id) : undefined;
    if (sameAs) {
      report.problems.push({
        row: product.row,
        column: "Handle",
        message: `${product.handle} matches “${sameAs.before?.title ?? "a product"}”, which an earlier product of the file updates`,
      });
      continue;
    }
    for (const [locationId, held] of outcome?.elsewhere ?? []) {
      const sum = elsewhere.get(locationId) ?? { units: 0, variants: 0 };
      elsewhere.set(locationId, { units: sum.units + held.units, variants: sum.variants + held.variants });
    }
    if (outcome === null || !("entry" in outcome)) report.unchanged += 1;
    else {
      planned.push(outcome);
      ids.set(product.handle, outcome.id);
      if (outcome.before) report.updated += 1;
      else report.created += 1;
      for (const kind of outcome.kinds) report.changes[kind] = (report.changes[kind] ?? 0) + 1;
    }
  }
  const names = locationNames(host, added);
  report.stock = stockByLocation(
    planned.flatMap((each) => each.moves?.rows ?? []),
    names,
  );
  report.elsewhere = [...elsewhere].map(([locationId, sum]) => ({
    location: names.get(locationId) ?? "a location",
    ...sum,
  }));
  if (part.dryRun) {
    commit([], report);
    return report;
  }
  // The photos the file names by address are queued with their products, and brought in after.
  const photos = queuePartPhotosQueries(
    host,
    actor,
    part.products,
    (handle) => ids.get(handle) ?? lookup.byHandle(handle)?.id,
  );
  // A part whose products are all unchanged still adds the locations it names (its report says so).
  if (planned.length === 0 && added.length === 0 && suppliers.added.length === 0) {
    commit(photos, report);
    return report;
  }
  writeItems(host, {
    actor,
    at: host.now(),
    items: planned,
    // The locations the file adds commit with the products that use them, or not at all.
    first: [
      ...added.map((row) => insertLocationStatement(host.roomDb, row)),
      ...insertSupplierStatements(host, suppliers.added),
      ...photos,
    ],
    announceFirst: () => {
      for (const row of added) {
        host.emit({ collection: COLLECTION.LOCATIONS, id: row.id, doc: asDoc(toLocationDoc(row)), previous: null });
      }
      announceSuppliers(host, suppliers.added);
    },
    commit: (statements) => commit(statements, report),
  });
  return report;
}
