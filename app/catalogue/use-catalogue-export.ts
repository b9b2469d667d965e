/**
 * _Download CSV_ in the catalogue: the items the list's search and filters
 * match, in its order — in a big room, over the whole copy kept on the
 * device, not only the window on screen — in Stockroom's own format
 * (catalogue-csv.ts) or as Shopify's product CSV (shopify-csv.ts).
 */
import { useCallback } from "react";
import type { ItemDoc } from "../../protocol/api";
import { useLocations } from "../stock/use-locations";
import { catalogueCsv, downloadCsv } from "./catalogue-csv";
import { applyQuery, type CatalogueQuery } from "./catalogue-query";
import { shopifyProductCsv } from "./shopify-csv";

export type CatalogueCsvFormat = "stockroom" | "shopify";

export function useCatalogueExport(
  items: readonly ItemDoc[],
  query: CatalogueQuery,
  readAll: (() => Promise<readonly ItemDoc[]>) | null,
): (format: CatalogueCsvFormat) => Promise<void> {
  const { locations } = useLocations();
  return useCallback(
    async (format: CatalogueCsvFormat) => {
      const shown = applyQuery(readAll ? await readAll() : items, query);
      if (format === "shopify") downloadCsv(shopifyProductCsv(shown), "catalogue-for-shopify.csv");
      else downloadCsv(catalogueCsv(shown, locations), "catalogue.csv");
    },
    [items, query, readAll, locations],
  );
}
