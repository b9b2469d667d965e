import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
} from "react";
import { COLLECTION, type LoginServiceDoc } from "../../protocol/api";
import { type LiveDoc, useFind } from "../live";
import type { AccountsClient, LoginState } from "./accounts-client";

const AccountsContext = createContext<AccountsClient | null>(null);

export function AccountsProvider({ accounts, children }: { accounts: AccountsClient; children?: ReactNode }) {
  return <AccountsContext.Provider value={accounts}>{children}</AccountsContext.Provider>;
}

export function useAccounts(): AccountsClient {
  const accounts = useContext(AccountsContext);
  if (!accounts) throw new Error("useAccounts needs an <AccountsProvider>");
  return accounts;
}

/** `{userId, loggingIn, loggingOut}`, re-rendering when it changes. */
export function useLoginState(): LoginState {
  const accounts = useAccounts();
  const subscribe = useCallback((onChange: () => void) => accounts.onChange(onChange), [accounts]);
  return useSyncExternalStore(subscribe, () => accounts.loginState());
}

export interface UserDoc extends LiveDoc {
  emails?: { address: string; verified: boolean }[];
  username?: string;
  profile?: { name?: unknown };
}

/** How a signed-in person is named: the name they chose, else their address. */
export function nameOfUser(user: UserDoc): string | null {
  const name = typeof user.profile?.name === "string" ? user.profile.name.trim() : "";
  return name || user.emails?.[0]?.address || user.username || null;
}

/** The signed-in user's document, once it has arrived. */
export function useUser(): UserDoc | null {
  const { userId } = useLoginState();
  const isMe = useCallback((doc: LiveDoc): doc is UserDoc => doc._id === userId, [userId]);
  const [user] = useFind(COLLECTION.USERS, isMe);
  return user ?? null;
}

/** The configured OAuth services; null until the server has said which. */
export function useLoginServices(): readonly LoginServiceDoc[] | null {
  const accounts = useAccounts();
  const docs = useFind(COLLECTION.LOGIN_SERVICES);
  const [ready, setReady] = useState(() => accounts.loginServices() !== null);
  useEffect(() => {
    let mounted = true;
    accounts.loginServicesReady().then(
      () => mounted && setReady(true),
      () => {},
    );
    return () => {
      mounted = false;
    };
  }, [accounts]);
  return ready ? (docs as unknown as readonly LoginServiceDoc[]) : null;
}
