import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useSearch } from "wouter";
import { COLLECTION, type ItemDoc, METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { type LiveDoc, useCall, useFind } from "../live";
import { useNameOf } from "../people/use-name-of";
import { useOfferSale } from "../stock/use-offer-sale";
import { useToast } from "../ui/Toast";
import { BulkBar } from "./BulkBar";
import { CatalogueFilters } from "./CatalogueFilters";
import { CopyStatus } from "./CopyStatus";
import { rememberCatalogueSearch, takeOpenedItem } from "./catalogue-memory";
import { applyQuery, type CatalogueQuery, DEFAULT_QUERY, type SortKey, tagCounts } from "./catalogue-query";
import { ItemRow, type ItemRowActions } from "./ItemRow";
import { NoMatch } from "./NoMatch";
import { RemovedRow } from "./RemovedRow";
import { type Removals, useRemovals } from "./removals";
import { useRoomSize } from "./room-size";
import { useSelection } from "./selection";
import { useCatalogueQuery } from "./url-query";
import { useBigWindow } from "./use-big-window";
import { useCatalogueCopy } from "./use-catalogue-copy";
import { useCatalogueExport } from "./use-catalogue-export";

const isItem = (doc: LiveDoc): doc is LiveDoc & ItemDoc => typeof doc.title === "string";

/** A big room's list asks for more this close to its last row. */
const NEAR_END_ROWS = 10;

/** A row's usual height; rows measure themselves once drawn. */
const ROW_ESTIMATE = 56;

/**
 * The columns, with their widths on a wide screen: the table's layout is
 * fixed (room.css), so no column moves while a cell is edited and a SKU or a
 * price never breaks in two. Tags show only when some item has tags.
 */
const COLUMNS: { key: SortKey | null; label: string; width: string }[] = [
  { key: "title", label: "Title", width: "auto" },
  { key: "sku", label: "SKU", width: "8.5rem" },
  { key: "priceCents", label: "Price", width: "7.5rem" },
  { key: "quantity", label: "Qty", width: "5rem" },
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
  return useMemo(
    () => ({
      update: (id, patch) =>
        call(METHOD.ITEMS_UPDATE, id, patch).catch((error: unknown) => {
          if (!("status" in patch)) throw error;
          toast.show({ text: errorMessage(error), tone: "danger" });
        }),
      remove: removals.remove,
      nameOf,
      sold: offerSale,
    }),
    [call, toast, removals.remove, nameOf, offerSale],
  );
}

const NONE_REMOVED: ReadonlySet<string> = new Set();

/**
 * The room's live catalogue: filter by status and tag, search, sort by any
 * column, select rows for a bulk status change or a label sheet. Only the
 * rows near the viewport are in the page, so 10,000 items scroll smoothly.
 */
export function CatalogueList({ roomId, canEdit, loading }: { roomId: string; canEdit: boolean; loading: boolean }) {
  const liveItems = useFind(COLLECTION.ITEMS, isItem);
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
          onExport={() => void exportCsv()}
        />
      </div>
      <BulkBar selection={selection} hiddenSelected={selection.size - shownSelected} items={items} canEdit={canEdit} />
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
        <table className="items" data-testid="item-table" aria-rowcount={shown.length + 1}>
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
              {columns.map(({ key, label }) => (
                <th
                  key={label}
                  scope="col"
                  aria-sort={key && query.sort === key ? (query.descending ? "descending" : "ascending") : undefined}
                >
                  {key ? (
                    <button type="button" className="sort-button" onClick={() => sortBy(key)}>
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
            items={rows}
            removedIds={removedIds}
            removals={removals}
            columnCount={columns.length + 2}
            showTags={showTags}
            canEdit={canEdit}
            selection={selection}
            actions={actions}
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

function WindowedRows({
  roomId,
  items,
  removedIds,
  removals,
  columnCount,
  showTags,
  canEdit,
  selection,
  actions,
  onNearEnd,
}: {
  roomId: string;
  items: ItemDoc[];
  removedIds: ReadonlySet<string>;
  removals: Removals;
  columnCount: number;
  showTags: boolean;
  canEdit: boolean;
  selection: ReturnType<typeof useSelection>;
  actions: ItemRowActions;
  /** Called with how many rows there are when the last of them come into view (a big room's window then grows). */
  onNearEnd?: ((rows: number) => void) | undefined;
}) {
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  // Where the focus goes once a row is drawn: after Undo, the restored row's Remove button (Undo had the
  // focus); back from an item's page, that item's Open link, its row scrolled into view.
  const focusNext = useRef<{ itemId: string; selector: string } | null>(null);
  const [openedIndex] = useState(() => {
    const opened = takeOpenedItem(roomId);
    if (opened) focusNext.current = { itemId: opened, selector: ".open-link" };
    return opened ? items.findIndex((item) => item._id === opened) : -1;
  });
  useEffect(() => {
    const next = focusNext.current;
    if (!next) return;
    const target = bodyRef.current?.querySelector<HTMLElement>(
      `tr[data-item-id="${CSS.escape(next.itemId)}"] ${next.selector}`,
    );
    if (target) {
      focusNext.current = null;
      target.focus({ preventScroll: true });
    }
  });
  const [offset, setOffset] = useState(0);
  // The rows start below the forms above the list; that distance is the virtualizer's scroll margin.
  useLayoutEffect(() => {
    const top = (bodyRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    if (Math.abs(top - offset) > 1) setOffset(top);
  });
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    scrollMargin: offset,
    getItemKey: (index) => items[index]?._id ?? index,
  });
  // Back from an item's page: its row is brought into view, once.
  const scrolledToOpened = useRef(false);
  useLayoutEffect(() => {
    if (scrolledToOpened.current || openedIndex < 0) return;
    scrolledToOpened.current = true;
    virtualizer.scrollToIndex(openedIndex, { align: "center" });
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? -1;
  useEffect(() => {
    if (onNearEnd && lastShown >= items.length - NEAR_END_ROWS) onNearEnd(items.length);
  }, [onNearEnd, lastShown, items.length]);
  const before = rows.length > 0 ? (rows[0]?.start ?? 0) - offset : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? 0) - offset) : 0;
  return (
    <tbody ref={bodyRef}>
      {before > 0 && <SpacerRow height={before} columns={columnCount} />}
      {rows.map((row) => {
        const item = items[row.index];
        if (!item) return null;
        const removed = removedIds.has(item._id) ? removals.shown.get(item._id) : undefined;
        if (removed) {
          return (
            <RemovedRow
              key={item._id}
              removed={removed}
              columns={columnCount}
              onUndo={() => {
                focusNext.current = { itemId: item._id, selector: ".row-remove" };
                removals.undo(item._id);
              }}
              onHold={(held) => removals.hold(item._id, held)}
            />
          );
        }
        return (
          <ItemRow
            key={item._id}
            roomId={roomId}
            item={item}
            canEdit={canEdit}
            showTags={showTags}
            index={row.index}
            measure={virtualizer.measureElement}
            selected={selection.has(item._id)}
            onSelect={(on) => (on ? selection.add([item._id]) : selection.remove([item._id]))}
            actions={actions}
          />
        );
      })}
      {after > 0 && <SpacerRow height={after} columns={columnCount} />}
    </tbody>
  );
}

/** Stands in for the rows above or below the window, so the scroll bar matches the whole list. */
function SpacerRow({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="spacer">
      <td colSpan={columns} aria-hidden="true" style={{ height }} />
    </tr>
  );
}
