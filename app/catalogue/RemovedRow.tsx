/**
 * Where a removed item's row was, for a few seconds (longer while the pointer
 * or focus is on it): "Removed “Lamp”. Undo",
 * at the row's height (removals.ts). Undo sits at the row's start, far from
 * where Remove was, so a second click on Remove's spot lands on nothing.
 * It takes the focus the Remove button had; when it collapses with the focus
 * inside, the focus goes to the row now in its place, never to the page's top.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import type { RemovedItem } from "./removals";

/** A row's own controls, in the order a person meets them. */
const ROW_FOCUS = ".row-remove, .cell-button, a";

export function RemovedRow({
  removed,
  columns,
  onUndo,
  onHold,
}: {
  removed: RemovedItem;
  columns: number;
  onUndo(): void;
  /** The pointer or focus arrived (`true`) or left: the row stays while held. */
  onHold(held: boolean): void;
}) {
  const row = useRef<HTMLTableRowElement>(null);
  const message = useRef<HTMLSpanElement>(null);
  // Held while the pointer is on it or the focus in it: either leaving alone does not let it go.
  const holding = useRef({ pointer: false, focus: false });
  const hold = (by: "pointer" | "focus", on: boolean) => {
    holding.current[by] = on;
    onHold(holding.current.pointer || holding.current.focus);
  };

  useEffect(() => {
    // The Remove button that had the focus is gone: the focus stays here, not at the page's top.
    if (document.activeElement === document.body || document.activeElement === null) message.current?.focus();
  }, []);

  // Gone while held (filtered out, say): let it collapse as though the pointer and focus had left.
  const latestHold = useRef(onHold);
  latestHold.current = onHold;
  useEffect(
    () => () => {
      if (holding.current.pointer || holding.current.focus) latestHold.current(false);
    },
    [],
  );

  useLayoutEffect(() => {
    const tr = row.current;
    return () => {
      if (!tr?.contains(document.activeElement)) return;
      const neighbour = [tr.nextElementSibling, tr.previousElementSibling].find(
        (sibling) => sibling instanceof HTMLElement && sibling.dataset.itemId,
      );
      const target = neighbour?.querySelector<HTMLElement>(ROW_FOCUS);
      (target ?? document.querySelector<HTMLElement>('input[aria-label="Search items"]'))?.focus();
    };
  }, []);

  return (
    <tr
      ref={row}
      className="removed-row"
      data-testid="removed-row"
      style={{ height: removed.height }}
      onPointerEnter={() => hold("pointer", true)}
      onPointerLeave={() => hold("pointer", false)}
      onFocus={() => hold("focus", true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) hold("focus", false);
      }}
    >
      <td colSpan={columns}>
        <div className="removed-row-body">
          <span ref={message} tabIndex={-1} role="status">
            Removed “{removed.item.title}”.
          </span>
          <button type="button" className="ui-button ui-button-secondary ui-button-sm" onClick={onUndo}>
            Undo
          </button>
        </div>
      </td>
    </tr>
  );
}
