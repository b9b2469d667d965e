export { AccountsClient, type LoginState } from "./accounts-client";
export { type AccountLink, type AccountLinkKind, takeAccountLink } from "./hash-link";
export { AccountsProvider, type UserDoc, useAccounts, useLoginState, useUser } from "./react";
