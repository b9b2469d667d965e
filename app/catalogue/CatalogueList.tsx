import { useCallback, useDeferredValue, useEffect, useMemo, useState } from "react";
import { useSearch } from "wouter";
import { COLLECTION, type ItemDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useFind } from "../live";
import { useCall } from "../live-api";
import { useNameOf } from "../people/use-name-of";
import { useOfferSale } from "../stock/use-offer-sale";
import { useToast } from "../ui/Toast";
import { BulkBar } from "./BulkBar";
import { CatalogueFilters } from "./CatalogueFilters";
import { CopyStatus } from "./CopyStatus";
import { rememberCatalogueSearch } from "./catalogue-memory";
import { applyQuery, type CatalogueQuery, DEFAULT_QUERY, type SortKey, tagCounts } from "./catalogue-query";
import { listEntries, variantsNamedBy } from "./catalogue-rows";
import { isItemDoc } from "./is-item";
import type { ItemRowActions } from "./item-row-actions";
import { NoMatch } from "./NoMatch";
import { type Removals, useRemovals } from "./removals";
import { useRoomSize } from "./room-size";
import { meanwhileText } from "./seen-quantity";
import { useSelection } from "./selection";
import { useCatalogueQuery } from "./url-query";
import { useBigWindow } from "./use-big-window";
import { useCatalogueCopy } from "./use-catalogue-copy";
import { useCatalogueExport } from "./use-catalogue-export";
import { WindowedRows } from "./WindowedRows";

/**
 * The columns, with their widths on a wide screen: the table's layout is
 * fixed (room.css), so no column moves while a cell is edited and a SKU or a
 * price never breaks in two. Tags show only when some item has tags.
 */
const COLUMNS: { key: SortKey | null; label: string; width: string; hint?: string }[] = [
  { key: "title", label: "Title", width: "auto" },
  { key: "sku", label: "SKU", width: "8.5rem" },
  { key: "priceCents", label: "Price", width: "7.5rem" },
  // Room for a quantity and its "Low" badge side by side.
  {
    key: "quantity",
    label: "Qty",
    width: "7.5rem",
    // Which number this is (docs/stock.md, "Which number is which"): Shopify's "available".
    hint: "Available: on hand, less what is ordered and not yet sent",
  },
  { key: "status", label: "Status", width: "8rem" },
  { key: null, label: "Shelf", width: "8rem" },
  { key: null, label: "Tags", width: "8rem" },
];
const SELECT_WIDTH = "3rem";
const ACTIONS_WIDTH = "6.5rem";

/** Edits from the rows: a refused one is reported in words (a toast for the status badge, inline for cells). */
function useRowActions(removals: Removals): ItemRowActions {
  const call = useCall();
  const toast = useToast();
  const nameOf = useNameOf();
  const offerSale = useOfferSale();
  return useMemo(() => {
    // A count typed over one someone changed meanwhile: what was recorded is said (seen-quantity.ts).
    const sayMeanwhile = (answer: unknown) => {
      const text = meanwhileText(answer, nameOf);
      if (text) toast.show({ text });
    };
    return {
      update: (id, patch) =>
        call(METHOD.ITEMS_UPDATE, id, patch).then(sayMeanwhile, (error: unknown) => {
          if (!("status" in patch)) throw error;
          toast.show({ text: errorMessage(error), tone: "danger" });
        }),
      // A variant's cell shows a refusal beside itself, as the item's cells do.
      updateVariant: (itemId, variantId, patch) =>
        call(METHOD.ITEMS_UPDATE_VARIANT, itemId, variantId, patch).then(sayMeanwhile),
      remove: removals.remove,
      nameOf,
      sold: offerSale,
    };
  }, [call, toast, removals.remove, nameOf, offerSale]);
}

const NONE_REMOVED: ReadonlySet<string> = new Set();

/**
 * The room's live catalogue: filter by status and tag, search, sort by any
 * column, select rows for a bulk status change or a label sheet. Only the
 * rows near the viewport are in the page, so 10,000 items scroll smoothly.
 */
export function CatalogueList({ roomId, canEdit, loading }: { roomId: string; canEdit: boolean; loading: boolean }) {
  const liveItems = useFind(COLLECTION.ITEMS, isItemDoc);
  const [query, setQuery] = useCatalogueQuery();
  const removals = useRemovals();
  const actions = useRowActions(removals);
  // Typing stays responsive with 10,000 items: the list catches up a frame later.
  const deferredQuery = useDeferredValue(query);
  // A big room's list is a window the server searches and sorts (room-size.ts), longer as it scrolls.
  const big = useRoomSize() === "big";
  const bigWindow = useBigWindow(big, deferredQuery);
  // With no line, a big room's list is the copy kept on this device, searched here like a small room's.
  const copy = useCatalogueCopy(big, roomId);
  const fromCopy = big && copy.offlineItems !== null;
  const items = fromCopy ? (copy.offlineItems as ItemDoc[]) : liveItems;
  const windowed = big && !fromCopy;
  // Rows removed here a moment ago keep their place (removals.ts); they are not counted.
  const removedIds = useMemo(() => {
    if (removals.shown.size === 0) return NONE_REMOVED;
    const present = new Set(items.map((item) => item._id));
    return new Set([...removals.shown.keys()].filter((id) => !present.has(id)));
  }, [items, removals.shown]);
  const rows = useMemo(() => {
    const listed =
      removedIds.size === 0
        ? items
        : [...items, ...[...removedIds].map((id) => removals.shown.get(id)?.item as ItemDoc)];
    const matching = applyQuery(listed, deferredQuery);
    // Other windows' items (the first screenful, an item's page) may be here too: the window's length is the list's.
    return windowed ? matching.slice(0, bigWindow.limit) : matching;
  }, [items, removedIds, removals.shown, deferredQuery, windowed, bigWindow.limit]);
  const shown = useMemo(
    () => (removedIds.size === 0 ? rows : rows.filter((item) => !removedIds.has(item._id))),
    [rows, removedIds],
  );
  // Products whose variants' rows are shown under them (catalogue-rows.ts).
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (itemId: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(itemId)) next.add(itemId);
        return next;
      }),
    [],
  );
  // A variant's own code searched (a barcode scanned into the box): its product opens at it.
  const named = useMemo(() => variantsNamedBy(deferredQuery.text, rows), [deferredQuery.text, rows]);
  const entries = useMemo(() => listEntries(rows, expanded, named), [rows, expanded, named]);
  const tags = useMemo(() => tagCounts(items), [items]);
  const exportCsv = useCatalogueExport(items, query, big ? copy.readAll : null);
  const showTags = tags.length > 0;
  const columns = showTags ? COLUMNS : COLUMNS.filter((column) => column.label !== "Tags");
  const selection = useSelection(items);
  const set = (patch: Partial<CatalogueQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const [searchText, setSearchText] = useState(query.text);
  const search = useSearch();
  useEffect(() => rememberCatalogueSearch(roomId, search), [roomId, search]);

  function sortBy(key: SortKey) {
    setQuery((current) =>
      current.sort === key
        ? { ...current, descending: !current.descending }
        : { ...current, sort: key, descending: key === "priceCents" || key === "quantity" },
    );
  }

  const selectedIds = selection.ids;
  const shownSelected = useMemo(() => shown.filter((item) => selectedIds.has(item._id)).length, [shown, selectedIds]);
  const allShownSelected = shown.length > 0 && shownSelected === shown.length;
  // What the filters hide of the selection: items and variants (`item~variant`) whose product is not listed now.
  const hiddenSelected = useMemo(() => {
    const listed = new Set(shown.map((item) => item._id));
    return [...selectedIds].filter((id) => !listed.has(id.split("~")[0] as string)).length;
  }, [shown, selectedIds]);
  const filtered = query.status !== "all" || query.tag !== "all" || query.low || query.text.trim() !== "";

  return (
    <section className="card catalogue" aria-labelledby="items-heading">
      <div className="list-toolbar">
        <h2 id="items-heading">
          Items{" "}
          <span className="muted" data-testid="item-count">
            (
            {windowed
              ? bigWindow.countText(shown.length)
              : filtered
                ? `${shown.length.toLocaleString()} of ${items.length.toLocaleString()}`
                : items.length.toLocaleString()}
            )
          </span>
        </h2>
        <CatalogueFilters
          query={query}
          set={set}
          searchText={searchText}
          onSearch={(text) => {
            setSearchText(text);
            set({ text });
          }}
          tags={tags}
          tagCounts={!big}
          filtered={filtered}
          onClear={() => {
            setSearchText("");
            setQuery((current) => ({ ...DEFAULT_QUERY, sort: current.sort, descending: current.descending }));
          }}
          onExport={(format) => void exportCsv(format)}
        />
      </div>
      <BulkBar selection={selection} hiddenSelected={hiddenSelected} items={items} canEdit={canEdit} />
      {big && <CopyStatus copy={copy} offline={fromCopy} />}
      {(loading || (windowed && bigWindow.loading)) && rows.length === 0 ? (
        <div className="table-skeleton" aria-busy="true">
          <p className="muted">Loading items…</p>
        </div>
      ) : !big && items.length === 0 && removedIds.size === 0 ? (
        <div className="empty-state">
          <h3>No items yet</h3>
          <p>
            {canEdit
              ? "Add your first item, or choose photos of your stock: each photo becomes an item. Everyone in this room sees it at once."
              : "Items added by the team appear here."}
          </p>
        </div>
      ) : rows.length === 0 ? (
        <NoMatch roomId={roomId} text={query.text} canEdit={canEdit} />
      ) : (
        <table
          className="items"
          data-testid="item-table"
          aria-rowcount={shown.length + (entries.length - rows.length) + 1}
        >
          <colgroup>
            <col style={{ width: SELECT_WIDTH }} />
            {columns.map(({ label, width }) => (
              <col key={label} style={width === "auto" ? undefined : { width }} />
            ))}
            <col style={{ width: ACTIONS_WIDTH }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col" className="select-column">
                <input
                  type="checkbox"
                  aria-label={`Select all ${shown.length} shown`}
                  checked={allShownSelected}
                  onChange={() =>
                    allShownSelected
                      ? selection.remove(shown.map((i) => i._id))
                      : selection.add(shown.map((i) => i._id))
                  }
                />
              </th>
              {columns.map(({ key, label, hint }) => (
                <th
                  key={label}
                  scope="col"
                  aria-sort={key && query.sort === key ? (query.descending ? "descending" : "ascending") : undefined}
                >
                  {key ? (
                    <button type="button" className="sort-button" title={hint} onClick={() => sortBy(key)}>
                      {label}
                      <span aria-hidden="true" className="sort-mark">
                        {query.sort === key ? (query.descending ? " ▼" : " ▲") : ""}
                      </span>
                    </button>
                  ) : (
                    label
                  )}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <WindowedRows
            roomId={roomId}
            entries={entries}
            removedIds={removedIds}
            removals={removals}
            columnCount={columns.length + 2}
            showTags={showTags}
            canEdit={canEdit}
            selection={selection}
            actions={actions}
            expanded={expanded}
            onToggle={toggle}
            onNearEnd={windowed ? bigWindow.more : undefined}
          />
        </table>
      )}
      {windowed && bigWindow.atLimit(shown.length) && (
        <p className="muted list-end-note" role="note">
          Showing the first {shown.length.toLocaleString()} items. Search or filter to find the others.
        </p>
      )}
    </section>
  );
}
