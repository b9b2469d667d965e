import type { ReactNode } from "react";
import { Link } from "wouter";
import { AccountNotices } from "../accounts/AccountNotices";
import { UserMenu } from "../accounts/UserMenu";
import { useDocumentTitle } from "../ui/use-document-title";
import { ConnectionBadge } from "./ConnectionBadge";

/** Moves the focus to the page's main content, past the header (WCAG 2.4.1, bypass blocks). */
function skipToContent() {
  const main = document.querySelector<HTMLElement>("main");
  if (!main) return;
  if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
  main.focus();
}

/**
 * One row: the brand, the page's title (a room's name and who is here), the
 * connection, the account. A plain-text title is the page's heading and
 * names the browser tab; a page that passes its own markup names the tab itself.
 */
export function Header({ children }: { children?: ReactNode }) {
  const title = typeof children === "string" ? children : null;
  useDocumentTitle(title);
  return (
    <>
      <button type="button" className="skip-link" onClick={skipToContent}>
        Skip to content
      </button>
      <header className="app-header">
        <Link href="/" className="brand">
          Stockroom
        </Link>
        <div className="header-title">{title ? <h1 className="header-page-title">{title}</h1> : children}</div>
        <ConnectionBadge />
        <UserMenu />
      </header>
      <AccountNotices />
    </>
  );
}
