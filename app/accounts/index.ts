export { AccountsClient, type LoginState, type OAuthLoginOptions } from "./accounts-client";
export { type AccountLink, type AccountLinkKind, takeAccountLink } from "./hash-link";
export {
  AccountsProvider,
  nameOfUser,
  type UserDoc,
  useAccounts,
  useLoginServices,
  useLoginState,
  useUser,
} from "./react";
