import { type ReactNode, useState } from "react";
import { AccountsProvider } from "../accounts";
import { LiveProvider } from "../live";
import { homeShardPath, useLiveSession } from "../use-live-connection";

/**
 * A live connection to `path` with accounts on it, for everything inside;
 * `offlineCollections` (a constant) are kept in the browser for offline use.
 */
export function SessionProvider({
  path,
  offlineCollections,
  children,
}: {
  path: string;
  offlineCollections?: readonly string[];
  children?: ReactNode;
}) {
  const session = useLiveSession(path, offlineCollections);
  if (!session) return null;
  return (
    <LiveProvider connection={session.connection}>
      <AccountsProvider accounts={session.accounts}>{children}</AccountsProvider>
    </LiveProvider>
  );
}

/** A session on this tab's HomeDO shard, for pages outside any room. */
export function HomeSessionProvider({ children }: { children?: ReactNode }) {
  const [path] = useState(homeShardPath);
  return <SessionProvider path={path}>{children}</SessionProvider>;
}
