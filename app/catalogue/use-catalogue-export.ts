/**
 * _Download CSV_ in the catalogue: the items the list's search and filters
 * match, in its order — in a big room, over the whole copy kept on the
 * device, not only the window on screen — in Stockroom's own format
 * (catalogue-csv.ts) or as Shopify's product CSV (shopify-csv.ts).
 */
import { useCallback } from "react";
import { type ItemDoc, LIMITS, METHOD } from "../../protocol/api";
import type { PhotoSource } from "../../protocol/files";
import { useSuppliers } from "../buying/use-suppliers";
import { useCall } from "../live-api";
import { useLocations } from "../stock/use-locations";
import { catalogueCsv, downloadCsv } from "./catalogue-csv";
import { applyQuery, type CatalogueQuery } from "./catalogue-query";
import { shopifyProductCsv } from "./shopify-csv";

export type CatalogueCsvFormat = "stockroom" | "shopify";

/** The photos of these items that came from a public address (an import's Image Src), by file id, asked of the room in steps. */
async function photoSources(
  call: ReturnType<typeof useCall>,
  items: readonly ItemDoc[],
): Promise<Map<string, PhotoSource>> {
  const ids = [...new Set(items.flatMap((item) => item.photos))];
  const sources = new Map<string, PhotoSource>();
  for (let start = 0; start < ids.length; start += LIMITS.FILES_WINDOW) {
    const found = await call(METHOD.FILES_SOURCES, ids.slice(start, start + LIMITS.FILES_WINDOW));
    for (const source of found) sources.set(source.id, source);
  }
  return sources;
}

export function useCatalogueExport(
  items: readonly ItemDoc[],
  query: CatalogueQuery,
  readAll: (() => Promise<readonly ItemDoc[]>) | null,
): (format: CatalogueCsvFormat) => Promise<void> {
  const { locations } = useLocations();
  const { suppliers } = useSuppliers();
  const call = useCall();
  return useCallback(
    async (format: CatalogueCsvFormat) => {
      const shown = applyQuery(readAll ? await readAll() : items, query);
      if (format === "shopify") {
        downloadCsv(shopifyProductCsv(shown, await photoSources(call, shown)), "catalogue-for-shopify.csv");
      } else {
        const names = new Map(suppliers.map((supplier) => [supplier._id, supplier.name]));
        downloadCsv(catalogueCsv(shown, locations, names), "catalogue.csv");
      }
    },
    [items, query, readAll, locations, suppliers, call],
  );
}
