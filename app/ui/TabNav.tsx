/**
 * Page navigation that looks like tabs: each tab is a link to its own
 * address (so the URL holds the view, and back/forward work), the current
 * one marked with `aria-current="page"`. A row that scrolls sideways on a
 * phone instead of wrapping.
 */
import { Link } from "wouter";

export interface Tab {
  href: string;
  label: string;
  current: boolean;
}

export function TabNav({ label, tabs }: { label: string; tabs: Tab[] }) {
  return (
    <nav className="ui-tabs" aria-label={label}>
      {tabs.map((tab) => (
        <Link key={tab.href} href={tab.href} aria-current={tab.current ? "page" : undefined}>
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
