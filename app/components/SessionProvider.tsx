import { type ReactNode, useState } from "react";
import { AccountsProvider } from "../accounts";
import { LiveProvider } from "../live";
import { homeShardPath, useLiveSession } from "../use-live-connection";

/** A live connection to `path` with accounts on it, for everything inside. */
export function SessionProvider({ path, children }: { path: string; children?: ReactNode }) {
  const session = useLiveSession(path);
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
