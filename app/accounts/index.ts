export { AccountsClient, type LoginState } from "./accounts-client";
export { AccountsProvider, type UserDoc, useAccounts, useLoginState, useUser } from "./react";
