/**
 * The catalogue's search, filters and sort live in the address (`?q=lamp&
 * status=ready&sort=priceCents&dir=asc`), so a view can be shared, bookmarked
 * and kept across a reload, and Back undoes nothing unexpected (each change
 * replaces the entry rather than adding one per keystroke).
 */
import { useCallback, useMemo } from "react";
import { useSearchParams } from "wouter";
import { ITEM_STATUSES, type ItemStatus } from "../../protocol/api";
import { type CatalogueQuery, DEFAULT_QUERY, SORT_KEYS, type SortKey } from "./catalogue-query";

export function queryFromParams(params: URLSearchParams): CatalogueQuery {
  const status = params.get("status");
  const sort = params.get("sort");
  const dir = params.get("dir");
  const sortKey = SORT_KEYS.includes(sort as SortKey) ? (sort as SortKey) : DEFAULT_QUERY.sort;
  return {
    text: params.get("q") ?? "",
    status: ITEM_STATUSES.includes(status as ItemStatus) ? (status as ItemStatus) : "all",
    tag: params.get("tag") ?? "all",
    low: params.get("stock") === "low",
    sort: sortKey,
    descending: dir === "asc" ? false : dir === "desc" ? true : sortKey === DEFAULT_QUERY.sort,
  };
}

export function paramsFromQuery(query: CatalogueQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.text) params.set("q", query.text);
  if (query.status !== "all") params.set("status", query.status);
  if (query.tag !== "all") params.set("tag", query.tag);
  if (query.low) params.set("stock", "low");
  if (query.sort !== DEFAULT_QUERY.sort || query.descending !== DEFAULT_QUERY.descending) {
    params.set("sort", query.sort);
    params.set("dir", query.descending ? "desc" : "asc");
  }
  return params;
}

export function useCatalogueQuery(): [CatalogueQuery, (next: (current: CatalogueQuery) => CatalogueQuery) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => queryFromParams(params), [params]);
  const update = useCallback(
    (next: (current: CatalogueQuery) => CatalogueQuery) =>
      setParams((current) => paramsFromQuery(next(queryFromParams(current))), { replace: true }),
    [setParams],
  );
  return [query, update];
}
