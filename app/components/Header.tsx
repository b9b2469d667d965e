import type { ReactNode } from "react";
import { Link } from "wouter";
import { ConnectionBadge } from "./ConnectionBadge";
import { UserMenu } from "./UserMenu";

export function Header({ children }: { children?: ReactNode }) {
  return (
    <header className="app-header">
      <Link href="/" className="brand">
        Stockroom
      </Link>
      <div className="header-title">{children}</div>
      <ConnectionBadge />
      <UserMenu />
    </header>
  );
}
