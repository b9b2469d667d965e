/**
 * A menu that opens from a button: arrow keys move, Enter chooses, Esc
 * closes and focus returns to the button. Items can be plain actions or
 * one-of-many choices (with the current one checked).
 *
 * Radix's menu (with its positioning code) is about a sixth of a room's
 * first load, and no menu is open when a page first shows, so it is a chunk
 * of its own (RadixMenu.tsx), fetched when the browser is idle. Until then
 * the trigger is a plain button; pressing it fetches the menu and opens it.
 */
import { cloneElement, type ReactElement, useEffect, useRef, useState } from "react";
import { whenIdle } from "../lazy-page";
import type { MenuChoicesProps, MenuItemProps, MenuProps } from "./RadixMenu";

type MenuModule = typeof import("./RadixMenu");

let loaded: MenuModule | undefined;
let loading: Promise<MenuModule> | undefined;

function loadMenu(): Promise<MenuModule> {
  loading ??= import("./RadixMenu").then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined; // offline with an old shell: the next press tries again
      throw error;
    },
  );
  return loading;
}

let idleLoad: Promise<MenuModule> | undefined;

/** The menu's chunk, fetched once when the browser is idle however many menus a page shows (a row each). */
function loadWhenIdle(): Promise<MenuModule> {
  idleLoad ??= new Promise<void>((resolve) => whenIdle(resolve)).then(loadMenu);
  return idleLoad;
}

/** Items render only inside an open menu, so the menu's chunk is there. */
function menuModule(): MenuModule {
  if (!loaded) throw new Error("Menu items render only inside an open Menu");
  return loaded;
}

export function Menu(props: MenuProps) {
  const [module, setModule] = useState(loaded);
  const [openOnArrival, setOpenOnArrival] = useState(false);
  // The plain button gives way to Radix's; someone who had tabbed to it keeps focus.
  const plainButton = useRef<HTMLElement>(null);
  const [focusOnArrival, setFocusOnArrival] = useState(false);
  useEffect(() => {
    if (module) return;
    let mounted = true;
    const arrived = (next: MenuModule) => {
      if (!mounted) return;
      setFocusOnArrival(plainButton.current !== null && plainButton.current === document.activeElement);
      setModule(() => next);
    };
    if (loaded) arrived(loaded);
    else loadWhenIdle().then(arrived, () => {});
    return () => {
      mounted = false;
    };
  }, [module]);

  if (module) return <module.Menu {...props} defaultOpen={openOnArrival} focusTrigger={focusOnArrival} />;
  const trigger = props.trigger as ReactElement<Record<string, unknown>>;
  return cloneElement(trigger, {
    ref: plainButton,
    "aria-haspopup": "menu",
    "aria-expanded": false,
    "data-state": "closed",
    onClick: () => {
      setOpenOnArrival(true);
      void loadMenu().then(
        (next) => setModule(() => next),
        () => setOpenOnArrival(false),
      );
    },
  });
}

export function MenuItem(props: MenuItemProps) {
  const { MenuItem: Item } = menuModule();
  return <Item {...props} />;
}

/** One-of-many: the current value is checked. */
export function MenuChoices<T extends string>(props: MenuChoicesProps<T>) {
  const { MenuChoices: Choices } = menuModule();
  return <Choices {...props} />;
}
