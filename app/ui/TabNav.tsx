/**
 * Page navigation that looks like tabs: each tab is a link to its own
 * address (so the URL holds the view, and back/forward work), the current
 * one marked with `aria-current="page"`. A row that scrolls sideways on a
 * phone instead of wrapping: its edges fade where more tabs are out of
 * sight (`data-more-before` / `data-more-after`), and the current tab is
 * scrolled into sight.
 */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link } from "wouter";

export interface Tab {
  href: string;
  label: string;
  current: boolean;
}

export function TabNav({ label, tabs }: { label: string; tabs: Tab[] }) {
  const nav = useRef<HTMLElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const currentHref = tabs.find((tab) => tab.current)?.href;

  useLayoutEffect(() => {
    const element = nav.current;
    if (!element) return;
    const measure = () => {
      const before = element.scrollLeft > 1;
      const after = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
      setMore((was) => (was.before === before && was.after === after ? was : { before, after }));
    };
    measure();
    element.addEventListener("scroll", measure, { passive: true });
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", measure);
      observer.disconnect();
    };
  }, []);

  useEffect(() => {
    const element = nav.current;
    const current = [...(element?.querySelectorAll<HTMLElement>("a") ?? [])].find(
      (link) => link.getAttribute("href") === currentHref,
    );
    if (!element || !current) return;
    // Only the row scrolls, never the page.
    const start = current.offsetLeft - element.offsetLeft;
    if (start < element.scrollLeft || start + current.offsetWidth > element.scrollLeft + element.clientWidth) {
      element.scrollLeft = start - (element.clientWidth - current.offsetWidth) / 2;
    }
  }, [currentHref]);

  return (
    <nav
      ref={nav}
      className="ui-tabs"
      aria-label={label}
      data-more-before={more.before || undefined}
      data-more-after={more.after || undefined}
    >
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={tab.current ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
