/** The browser live-data client: one `LiveConnection` plus React bindings. */
export type { CallJournal, JournalEntry } from "./call-journal";
export { CONNECTION_CLOSED, LiveConnection, type LiveConnectionOptions, type ReconnectHook } from "./connection";
export { deferredDocCache, deferredJournal } from "./deferred-stores";
export type { DocCache } from "./doc-cache";
export { type ApplyOptions, INVOCATION_FAILED } from "./methods";
export {
  LiveProvider,
  type LiveProviderProps,
  type SubscriptionState,
  useCall,
  useConnection,
  useFind,
  usePending,
  usePendingCount,
  useStatus,
  useStubs,
  useSubscribe,
  useSubscribeIf,
  useSubscription,
} from "./react";
export { retryDelay } from "./retry";
export type { MethodStub, StubContext } from "./simulation";
export type { BrowserEvents } from "./socket-manager";
export type { ConnectionState, LiveStatus, StatusListener } from "./status";
export { type LiveDoc, LiveStore, type StoreListener } from "./store";
export { SUBSCRIPTION_STOPPED, type SubscriptionCallbacks, type SubscriptionHandle } from "./subscriptions";
export type { SocketLike, WebSocketConstructor } from "./transport";
export { defaultLiveUrl } from "./url";
