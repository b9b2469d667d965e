/**
 * The catalogue's rows near the viewport, and spacers for the rest, so
 * 10,000 items scroll smoothly (the window's virtualizer). A product with
 * options that is expanded has its variants' rows under it
 * (catalogue-rows.ts), windowed like any other row.
 */
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { takeOpenedItem } from "./catalogue-memory";
import type { ListEntry } from "./catalogue-rows";
import { ItemRow } from "./ItemRow";
import type { ItemRowActions } from "./item-row-actions";
import { RemovedRow } from "./RemovedRow";
import { photoPages, RowPhotos } from "./RowPhotos";
import type { Removals } from "./removals";
import { type useSelection, variantKey } from "./selection";
import { VariantRow } from "./VariantRow";

/** A big room's list asks for more this close to its last row. */
const NEAR_END_ROWS = 10;

/** A row's usual height; rows measure themselves once drawn. */
const ROW_ESTIMATE = 56;

export function WindowedRows({
  roomId,
  entries,
  removedIds,
  removals,
  columnCount,
  showTags,
  canEdit,
  selection,
  actions,
  expanded,
  onToggle,
  onNearEnd,
}: {
  roomId: string;
  entries: ListEntry[];
  removedIds: ReadonlySet<string>;
  removals: Removals;
  columnCount: number;
  showTags: boolean;
  canEdit: boolean;
  selection: ReturnType<typeof useSelection>;
  actions: ItemRowActions;
  /** Products whose variants' rows are shown. */
  expanded: ReadonlySet<string>;
  onToggle(itemId: string): void;
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
    return opened ? entries.findIndex((entry) => entry.kind === "item" && entry.item._id === opened) : -1;
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
    count: entries.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan: 8,
    scrollMargin: offset,
    getItemKey: (index) => entries[index]?.key ?? index,
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
    // The window counts items, not the variants' rows under them.
    const items = () => entries.reduce((count, entry) => count + (entry.kind === "item" ? 1 : 0), 0);
    if (onNearEnd && lastShown >= entries.length - NEAR_END_ROWS) onNearEnd(items());
  }, [onNearEnd, lastShown, entries]);
  const photos = photoPages(
    entries,
    rows.map((row) => row.index),
  );
  const before = rows.length > 0 ? (rows[0]?.start ?? 0) - offset : 0;
  const after = rows.length > 0 ? virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? 0) - offset) : 0;
  return (
    <tbody ref={bodyRef}>
      {before > 0 && <SpacerRow height={before} columns={columnCount} />}
      {rows.map((row) => {
        const entry = entries[row.index];
        if (!entry) return null;
        const item = entry.item;
        if (entry.kind === "variant") {
          return (
            <VariantRow
              key={entry.key}
              item={item}
              variant={entry.variant}
              last={entry.last}
              matched={entry.matched}
              canEdit={canEdit}
              showTags={showTags}
              index={row.index}
              measure={virtualizer.measureElement}
              actions={actions}
              selected={selection.has(variantKey(item._id, entry.variant._id))}
              onSelect={(on) => {
                const key = variantKey(item._id, entry.variant._id);
                if (on) selection.add([key]);
                else selection.remove([key]);
              }}
            />
          );
        }
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
            expanded={expanded.has(item._id)}
            namedVariant={entry.named}
            onToggle={() => onToggle(item._id)}
          />
        );
      })}
      {after > 0 && <SpacerRow height={after} columns={columnCount} />}
      {[...photos].map(([page, ids]) => (
        <RowPhotos key={page} ids={ids} />
      ))}
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
