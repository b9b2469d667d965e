/**
 * A CSV import's one bulk path (docs/architecture.md §4, §9): the app reads
 * the file, maps its columns and sends it in parts of LIMITS.IMPORT_PART
 * rows; each part is one turn of the room's write queue and one
 * transaction — products created or updated, their variants, history
 * entries and the stock movements their counts make. A product is found
 * again by its handle, else by a variant's SKU or barcode, so importing
 * the same file twice updates rather than duplicates. A dry run goes
 * through the same steps and writes nothing.
 */
import {
  COLLECTION,
  type ItemDoc,
  LIMITS,
  MAIN_LOCATION_ID,
  planVariants,
  settleTotal,
  type VariantDoc,
  type VariantSpec,
  variantName,
} from "../../protocol/api";
import type { ItemFields } from "../../protocol/args";
import { LiveError } from "../../protocol/errors";
import type { ImportPart, ImportProblem, ImportProduct, ImportReport } from "../../protocol/variant-args";
import { newId } from "../db/database";
import { type HistoryEntry, insertHistoryQueries } from "../db/item-history-repo";
import {
  findItem,
  findItemByBarcode,
  findItemByHandle,
  findItemBySku,
  findVariantByCode,
  insertItemQuery,
  toItemDoc,
  updateItemQuery,
} from "../db/items-repo";
import { insertLocation, listLocations, toLocationDoc } from "../db/locations-repo";
import { insertMovementsStatement } from "../db/movements-repo";
import { type RoomStatement, runTogether } from "../db/room-database";
import type { ItemRow } from "../db/room-schema";
import type { LocationRow, MovementRow } from "../db/stock-tables";
import { asDoc } from "../live/types";
import { changedFields } from "../rooms/item-changes";
import { announce, announceItem, historyEntry, made } from "../rooms/item-writes";
import type { RoomHost } from "../rooms/room-host";
import { announceMovements, type StockChange, type StockMoves, stockMoves } from "../rooms/stock-moves";

const IMPORT_NOTE = "Imported";

/** The part's locations by name (any case): those the room has, and those the file adds. */
function locationsFor(host: RoomHost, part: ImportPart, report: ImportReport): Map<string, string> {
  const rows = listLocations(host.roomDb);
  const byName = new Map(rows.map((row) => [row.name.toLowerCase(), row.id]));
  const added: LocationRow[] = [];
  for (const product of part.products) {
    for (const variant of product.variants) {
      for (const name of Object.keys(variant.stock ?? {})) {
        if (byName.has(name.toLowerCase())) continue;
        if (rows.length + added.length >= LIMITS.LOCATIONS) {
          throw new LiveError(409, `A room can have at most ${LIMITS.LOCATIONS} locations; the file names more`);
        }
        const row: LocationRow = {
          id: newId(),
          roomId: host.roomId,
          name,
          position: rows.length + added.length,
          archivedAt: null,
          createdAt: host.now(),
        };
        added.push(row);
        byName.set(name.toLowerCase(), row.id);
        report.locationsAdded.push(name);
      }
    }
  }
  if (!part.dryRun) {
    for (const row of added) {
      insertLocation(host.roomDb, row);
      host.emit({ collection: COLLECTION.LOCATIONS, id: row.id, doc: asDoc(toLocationDoc(row)), previous: null });
    }
  }
  return byName;
}

/** The product the file's product is: by handle, else by a SKU or barcode of one of its rows. */
async function existingProduct(host: RoomHost, product: ImportProduct): Promise<ItemRow | null> {
  const byHandle = findItemByHandle(host.roomDb, product.handle);
  if (byHandle) return byHandle;
  for (const variant of product.variants) {
    for (const code of [variant.sku, variant.barcode].filter(Boolean)) {
      const item =
        (await findItemBySku(host.roomDb, host.roomId, code)) ?? findItemByBarcode(host.roomDb, host.roomId, code);
      if (item) return item;
      const owner = findVariantByCode(host.roomDb, code);
      if (owner) return findItem(host.roomDb, host.roomId, owner.itemId);
    }
  }
  return null;
}

/** A row's codes, each with the column a problem about it names. */
function codesOf(variant: ImportProduct["variants"][number]): [column: string, code: string][] {
  const codes: [string, string][] = [
    ["SKU", variant.sku],
    ["Barcode", variant.barcode],
  ];
  return codes.filter(([, code]) => code !== "");
}

/** A code of the file's product that another product of the room has: a problem, in words. */
async function codeClash(host: RoomHost, product: ImportProduct, itemId: string | null): Promise<ImportProblem | null> {
  for (const variant of product.variants) {
    for (const [column, code] of codesOf(variant)) {
      const item =
        (await findItemBySku(host.roomDb, host.roomId, code)) ?? findItemByBarcode(host.roomDb, host.roomId, code);
      const owner = item?.id ?? findVariantByCode(host.roomDb, code)?.itemId;
      if (owner && owner !== itemId) {
        const title = item?.title ?? (await findItem(host.roomDb, host.roomId, owner))?.title ?? "another item";
        return { row: variant.row, column, message: `${code} is already on “${title}” in this room` };
      }
    }
  }
  return null;
}

/** The stock changes that bring each row's variant to its counts: by location where named, else settled. */
function countChanges(
  product: ImportProduct,
  variants: readonly VariantDoc[],
  locationIds: ReadonlyMap<string, string>,
  home: string,
): StockChange[] {
  return product.variants.flatMap((row, index) => {
    const variant = variants[index] as VariantDoc;
    const reason = { reason: "correction" as const, note: IMPORT_NOTE, variantId: variant._id };
    if (row.stock) {
      return Object.entries(row.stock).flatMap(([name, units]) => {
        const locationId = locationIds.get(name.toLowerCase()) as string;
        const delta = units - (variant.stock[locationId] ?? 0);
        return delta === 0 ? [] : [{ ...reason, locationId, delta }];
      });
    }
    if (row.quantity === undefined) return [];
    return settleTotal(variant.stock, row.quantity, home).map((change) => ({ ...change, ...reason }));
  });
}

/** The variants the file's rows are, matched to those the product has (by SKU, else by values). */
function specsFor(product: ImportProduct, doc: ItemDoc | null): VariantSpec[] {
  const have = doc?.variants ?? [];
  const used = new Set<string>();
  const key = (values: readonly string[]) => values.map((value) => value.toLowerCase()).join("\u0000");
  const specs = product.variants.map((row): VariantSpec => {
    const match = have.find(
      (variant) =>
        !used.has(variant._id) &&
        ((row.sku && variant.sku.toLowerCase() === row.sku.toLowerCase()) || key(variant.values) === key(row.values)),
    );
    if (match) used.add(match._id);
    return {
      ...(match ? { _id: match._id } : {}),
      values: row.values,
      sku: row.sku || match?.sku || "",
      barcode: row.barcode || match?.barcode || "",
      ...(row.priceCents !== undefined ? { priceCents: row.priceCents } : {}),
      reorderPoint: row.reorderPoint !== undefined ? row.reorderPoint : (match?.reorderPoint ?? null),
    };
  });
  // Variants the file does not mention stay as they are.
  const kept = have.filter((variant) => !used.has(variant._id)).map((variant) => ({ ...variant }));
  return [...specs, ...kept];
}

interface Planned {
  statements: RoomStatement[];
  entry: HistoryEntry;
  moves: StockMoves | null;
  before: ItemRow | null;
  id: string;
}

/** One product's writes: its row (new or changed), its history entry and its movements; null when unchanged. */
async function planProduct(
  host: RoomHost,
  actor: string,
  product: ImportProduct,
  locationIds: ReadonlyMap<string, string>,
  home: string,
  currency: string | undefined,
): Promise<Planned | ImportProblem | null> {
  const before = await existingProduct(host, product);
  const clash = await codeClash(host, product, before?.id ?? null);
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
  };
  const columns: Partial<ItemRow> = simple
    ? {
        sku: own?.sku || doc?.sku || "",
        barcode: own?.barcode || doc?.barcode || "",
        priceCents: own?.priceCents ?? doc?.priceCents ?? 0,
        reorderPoint: own?.reorderPoint !== undefined ? own.reorderPoint : (doc?.reorderPoint ?? null),
        options: "[]",
        variants: "[]",
      }
    : {
        sku: plan.own.sku,
        barcode: plan.own.barcode,
        priceCents: plan.own.priceCents,
        reorderPoint: plan.own.reorderPoint,
        options: JSON.stringify(plan.options),
        variants: JSON.stringify(plan.variants),
      };
  const at = host.now();
  const shaped: ItemRow = {
    ...(before ?? emptyRow(host, id, at)),
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
  const changes = countChanges(product, variants, locationIds, home);
  const moves = changes.length ? stockMoves(shaped, changes, made(host, actor, at)) : null;
  const quantity = moves?.quantity ?? shaped.quantity;
  if (before) {
    const whole = { ...toItemDoc({ ...shaped, ...(moves?.columns ?? {}), quantity }), ...fields };
    // What a person reads in the history: the fields, the variants' names and codes, the count.
    const after: Record<string, unknown> = {};
    for (const field of COMPARED) after[field] = whole[field];
    after.variants = variantSummary(whole.variants ?? []);
    const changed = changedFields(
      { ...toItemDoc(before), variants: variantSummary(toItemDoc(before).variants ?? []) } as unknown as ItemDoc,
      after,
    );
    if (Object.keys(changed).length === 0 && before.handle === product.handle) return null;
    const entry = historyEntry(host, id, actor, "updated", changed, "import");
    const update = updateItemQuery(
      host.roomDb,
      before,
      fields,
      { at, by: actor },
      { ...columns, handle: product.handle, ...(moves?.columns ?? {}), quantity },
    );
    return { statements: [update], entry, moves, before, id };
  }
  const entry = historyEntry(host, id, actor, "created", {}, "import");
  const insert = insertItemQuery(
    host.roomDb,
    host.roomId,
    { ...fields, title: product.title, ...(currency ? { currency } : {}) },
    {
      id,
      createdBy: actor,
      now: at,
      server: { ...columns, handle: product.handle, ...(moves?.columns ?? {}), quantity },
    },
  );
  return { statements: [insert], entry, moves, before: null, id };
}

type ProductBase = Parameters<typeof planVariants>[0];

const COMPARED = [
  "title",
  "description",
  "status",
  "location",
  "tags",
  "sku",
  "barcode",
  "priceCents",
  "reorderPoint",
  "quantity",
  "options",
] as const;

/** A product's variants as its history shows them: name, codes, price, count. */
function variantSummary(variants: readonly VariantDoc[]): string[] {
  return variants.map((variant) =>
    [
      variantName(variant),
      variant.sku,
      variant.barcode,
      variant.priceCents,
      variant.quantity,
      variant.reorderPoint,
    ].join(" · "),
  );
}

function emptyRow(host: RoomHost, id: string, at: number): ItemRow {
  return {
    id,
    roomId: host.roomId,
    title: "",
    description: "",
    sku: "",
    priceCents: 0,
    currency: "USD",
    quantity: 0,
    status: "draft",
    location: "",
    tags: "[]",
    photos: "[]",
    storeProductId: "",
    createdBy: "",
    updatedBy: "",
    createdAt: at,
    updatedAt: at,
    stock: "{}",
    barcode: "",
    reorderPoint: null,
    options: "[]",
    variants: "[]",
    handle: "",
    locationReorderPoints: "{}",
  };
}

/** A SKU or barcode an earlier row of the part has too (the room's unique codes would refuse it). */
function repeatedCode(product: ImportProduct, seen: Map<string, number>): ImportProblem | null {
  for (const variant of product.variants) {
    for (const [column, code] of codesOf(variant)) {
      const earlier = seen.get(code.toLowerCase());
      if (earlier !== undefined) return { row: variant.row, column, message: `${code} is also on row ${earlier}` };
      seen.set(code.toLowerCase(), variant.row);
    }
  }
  return null;
}

/** Imports (or, in a dry run, weighs) one part of a file; answers what it did and the rows it could not take. */
export function importPart(
  host: RoomHost,
  actor: string,
  part: ImportPart,
  currency: string | undefined,
): Promise<ImportReport> {
  return host.writes.run(async () => {
    const report: ImportReport = { created: 0, updated: 0, unchanged: 0, locationsAdded: [], problems: [] };
    const locationIds = locationsFor(host, part, report);
    const home = listLocations(host.roomDb).find((row) => row.archivedAt === null)?.id ?? MAIN_LOCATION_ID;
    const planned: Planned[] = [];
    const handles = new Set<string>();
    const codes = new Map<string, number>();
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
      const outcome = await planProduct(host, actor, product, locationIds, home, currency);
      if (outcome === null) report.unchanged += 1;
      else if ("message" in outcome) report.problems.push(outcome);
      else {
        planned.push(outcome);
        if (outcome.before) report.updated += 1;
        else report.created += 1;
      }
    }
    if (part.dryRun || planned.length === 0) return report;
    const movements: MovementRow[] = planned.flatMap((each) => each.moves?.rows ?? []);
    const results = runTogether(host.roomDb, [
      ...planned.flatMap((each) => each.statements),
      ...insertHistoryQueries(
        host.roomDb,
        host.roomId,
        planned.map((each) => each.entry),
      ),
      ...(movements.length ? [insertMovementsStatement(host.roomDb, movements)] : []),
    ]);
    planned.forEach((each, index) => {
      const row = (results[index] as ItemRow[] | undefined)?.[0] ?? null;
      announceItem(host, each.id, row, each.before);
    });
    announce(
      host,
      planned.map((each) => each.entry),
    );
    for (const each of planned) announceMovements(host, each.moves);
    return report;
  }, actor);
}
