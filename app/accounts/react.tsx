import { createContext, type ReactNode, useCallback, useContext, useSyncExternalStore } from "react";
import { COLLECTION } from "../../protocol/api";
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
}

/** The signed-in user's document, once it has arrived. */
export function useUser(): UserDoc | null {
  const { userId } = useLoginState();
  const isMe = useCallback((doc: LiveDoc): doc is UserDoc => doc._id === userId, [userId]);
  const [user] = useFind(COLLECTION.USERS, isMe);
  return user ?? null;
}
