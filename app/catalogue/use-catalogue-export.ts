/**
 * _Download CSV_ in the catalogue: the items the list's search and filters
 * match, in its order — in a big room, over the whole copy kept on the
 * device, not only the window on screen — in Stockroom's own format
 * (catalogue-csv.ts) or as Shopify's product CSV (shopify-csv.ts).
 */
import { useCallback } from "react";
import { COLLECTION, type ItemDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import { useLocations } from "../stock/use-locations";
import { catalogueCsv, downloadCsv } from "./catalogue-csv";
import { applyQuery, type CatalogueQuery } from "./catalogue-query";
import { type PhotoSource, shopifyProductCsv } from "./shopify-csv";

export type CatalogueCsvFormat = "stockroom" | "shopify";

/** The photos that came from a public address (an import's Image Src), by file id. */
function photoSources(files: readonly LiveDoc[]): Map<string, PhotoSource> {
  const sources = new Map<string, PhotoSource>();
  for (const file of files) {
    const meta = file.meta as { source?: unknown; alt?: unknown } | undefined;
    if (typeof meta?.source === "string") {
      sources.set(file._id, { url: meta.source, alt: typeof meta.alt === "string" ? meta.alt : "" });
    }
  }
  return sources;
}

export function useCatalogueExport(
  items: readonly ItemDoc[],
  query: CatalogueQuery,
  readAll: (() => Promise<readonly ItemDoc[]>) | null,
): (format: CatalogueCsvFormat) => Promise<void> {
  const { locations } = useLocations();
  const files = useFind(COLLECTION.FILES);
  return useCallback(
    async (format: CatalogueCsvFormat) => {
      const shown = applyQuery(readAll ? await readAll() : items, query);
      if (format === "shopify") downloadCsv(shopifyProductCsv(shown, photoSources(files)), "catalogue-for-shopify.csv");
      else downloadCsv(catalogueCsv(shown, locations), "catalogue.csv");
    },
    [items, query, readAll, locations, files],
  );
}
