/**
 * _Download CSV_ in the catalogue: the items the list's search and filters
 * match, in its order — in a big room, over the whole copy kept on the
 * device, not only the window on screen.
 */
import { useCallback } from "react";
import type { ItemDoc } from "../../protocol/api";
import { useLocations } from "../stock/use-locations";
import { catalogueCsv, downloadCsv } from "./catalogue-csv";
import { applyQuery, type CatalogueQuery } from "./catalogue-query";

export function useCatalogueExport(
  items: readonly ItemDoc[],
  query: CatalogueQuery,
  readAll: (() => Promise<readonly ItemDoc[]>) | null,
): () => Promise<void> {
  const { locations } = useLocations();
  return useCallback(async () => {
    const all = readAll ? await readAll() : items;
    downloadCsv(catalogueCsv(applyQuery(all, query), locations), "catalogue.csv");
  }, [items, query, readAll, locations]);
}
