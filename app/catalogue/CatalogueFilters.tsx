/**
 * The catalogue's search and filters (status, tag, low on stock), its sort,
 * and _Clear filters_ — all kept in the address (url-query.ts).
 */
import { ITEM_STATUSES, type ItemStatus } from "../../protocol/api";
import { Button } from "../ui/Button";
import type { CatalogueQuery } from "./catalogue-query";
import { SortSelect } from "./SortSelect";
import { statusName } from "./StatusMenu";

export function CatalogueFilters({
  query,
  set,
  searchText,
  onSearch,
  tags,
  tagCounts,
  filtered,
  onClear,
  onExport,
}: {
  query: CatalogueQuery;
  set(patch: Partial<CatalogueQuery>): void;
  /** What is typed in the search box (the query follows it, deferred). */
  searchText: string;
  onSearch(text: string): void;
  tags: readonly { tag: string; count: number }[];
  /** Whether a tag's count is worth showing (not in a big room, where it would count the items in view only). */
  tagCounts: boolean;
  filtered: boolean;
  onClear(): void;
  /** Downloads what the filters match as CSV. */
  onExport(): void;
}) {
  return (
    <>
      <input
        type="search"
        aria-label="Search items"
        placeholder="Search title, SKU, barcode, shelf, tags"
        value={searchText}
        onChange={(e) => onSearch(e.target.value)}
      />
      <select
        aria-label="Filter by status"
        value={query.status}
        onChange={(e) => set({ status: e.target.value as ItemStatus | "all" })}
      >
        <option value="all">All statuses</option>
        {ITEM_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusName(s)}
          </option>
        ))}
      </select>
      <SortSelect query={query} onChange={(sort, descending) => set({ sort, descending })} />
      <select aria-label="Filter by tag" value={query.tag} onChange={(e) => set({ tag: e.target.value })}>
        <option value="all">All tags</option>
        {tags.map(({ tag, count }) => (
          <option key={tag} value={tag}>
            {tagCounts ? `${tag} (${count})` : tag}
          </option>
        ))}
      </select>
      <label className="low-stock-filter">
        <input type="checkbox" checked={query.low} onChange={(e) => set({ low: e.target.checked })} /> Low stock
      </label>
      {filtered && (
        <button type="button" className="link-button" onClick={onClear}>
          Clear filters
        </button>
      )}
      <Button variant="ghost" size="sm" onClick={onExport}>
        Download CSV
      </Button>
    </>
  );
}
