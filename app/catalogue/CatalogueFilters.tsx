/**
 * The catalogue's search and filters (status, tag, low on stock), its sort,
 * and _Clear filters_ — all kept in the address (url-query.ts). Beside the
 * search box the phone's camera reads a product barcode or a label into
 * it, as a handheld scanner types one: the item that carries it shows, or
 * NoMatch.tsx offers to make it.
 */
import { ITEM_STATUSES, type ItemStatus } from "../../protocol/api";
import { CameraScan } from "../camera/CameraScan";
import { Button } from "../ui/Button";
import { Menu, MenuItem } from "../ui/Menu";
import type { CatalogueQuery } from "./catalogue-query";
import { SortSelect } from "./SortSelect";
import { statusName } from "./StatusMenu";
import type { CatalogueCsvFormat } from "./use-catalogue-export";

/**
 * A code read by the camera, as searched. A UPC-A that a camera reads as
 * an EAN-13 (a 0 before its 12 digits, as some detectors give it) is
 * searched as its 12 digits, which the search finds in an item's barcode
 * saved in either form.
 */
const searchedCode = (code: string) => (/^0\d{12}$/.test(code) ? code.slice(1) : code);

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
  /** Downloads what the filters match as CSV: in Stockroom's own format, or as Shopify's product CSV. */
  onExport(format: CatalogueCsvFormat): void;
}) {
  return (
    <>
      <div className="catalogue-search">
        <input
          type="search"
          aria-label="Search items"
          placeholder="Search title, SKU, barcode, shelf, tags"
          value={searchText}
          onChange={(e) => onSearch(e.target.value)}
        />
        <CameraScan
          once
          startLabel={
            <>
              Scan<span className="scan-label-more"> with camera</span>
            </>
          }
          onCode={(code) => onSearch(searchedCode(code))}
          hint="Hold a product's barcode in the frame to find its item."
        />
      </div>
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
      <Menu
        label="Download CSV"
        align="end"
        trigger={
          <Button variant="ghost" size="sm">
            Download CSV
          </Button>
        }
      >
        <MenuItem onSelect={() => onExport("stockroom")}>Stockroom CSV (every field, stock by location)</MenuItem>
        <MenuItem onSelect={() => onExport("shopify")}>For Shopify (its product CSV)</MenuItem>
      </Menu>
    </>
  );
}
