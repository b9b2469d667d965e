/**
 * React bindings for the live connection. Reads go through
 * `useSyncExternalStore` over snapshots that keep their identity until the
 * data they show changes, so a burst of unrelated updates re-renders nothing.
 */

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { stringify } from "../../protocol/ejson";
import type { LiveError } from "../../protocol/errors";
import type { LiveConnection } from "./connection";
import type { MethodStub } from "./simulation";
import type { LiveStatus } from "./status";
import type { LiveDoc } from "./store";

const LiveContext = createContext<LiveConnection | null>(null);

export interface LiveProviderProps {
  connection: LiveConnection;
  children?: ReactNode;
}

/** Makes `connection` available to the hooks below it. */
export function LiveProvider({ connection, children }: LiveProviderProps) {
  return <LiveContext value={connection}>{children}</LiveContext>;
}

export function useConnection(): LiveConnection {
  const connection = useContext(LiveContext);
  if (!connection) throw new Error("useConnection() needs a <LiveProvider> above it");
  return connection;
}

/** The connection status; re-renders only when it changes. */
export function useStatus(): LiveStatus {
  const connection = useConnection();
  const subscribe = useCallback((onChange: () => void) => connection.onStatus(onChange), [connection]);
  return useSyncExternalStore(subscribe, () => connection.status());
}

/**
 * Holds a subscription while the component is mounted; returns `true` while
 * it is loading. A change of name or parameters (compared by value) stops
 * the old subscription and starts a new one. A subscription that fails
 * stops loading too (there is nothing more to wait for).
 *
 * @example
 * const loading = useSubscribe("items");
 */
export function useSubscribe(name: string, ...params: unknown[]): boolean {
  return useSubscription(name, ...params).loading;
}

export interface SubscriptionState {
  loading: boolean;
  /** Why the server ended the subscription (e.g. `Access denied`), if it did. */
  error: LiveError | null;
}

/** Like `useSubscribe`, and also reports the error a subscription ended with. */
export function useSubscription(name: string, ...params: unknown[]): SubscriptionState {
  return useSubscriptionIf(true, name, ...params);
}

/**
 * `useSubscribe` while `enabled` (e.g. once the room's size says which
 * publication fits); while not, nothing is subscribed and it reads as loading.
 */
export function useSubscribeIf(enabled: boolean, name: string, ...params: unknown[]): boolean {
  return useSubscriptionIf(enabled, name, ...params).loading;
}

function useSubscriptionIf(enabled: boolean, name: string, ...params: unknown[]): SubscriptionState {
  const connection = useConnection();
  const key = enabled ? stringify([name, params]) : "";
  const [settled, setSettled] = useState<{ key: string; error: LiveError | null } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is name and params by value; listing the params array would resubscribe on every render.
  useEffect(() => {
    if (!enabled) return;
    const handle = connection.subscribe(name, ...params, {
      onReady: () => setSettled({ key, error: null }),
      onStop: (error?: LiveError) => {
        if (error) setSettled({ key, error });
      },
    });
    return () => handle.stop();
  }, [connection, key]);
  return enabled && settled?.key === key ? { loading: false, error: settled.error } : { loading: true, error: null };
}

type Filter<T extends LiveDoc> = ((doc: LiveDoc) => doc is T) | ((doc: LiveDoc) => boolean);
type Sort<T extends LiveDoc> = (a: T, b: T) => number;

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/**
 * Documents of a local collection, optionally filtered and sorted. A type
 * guard as the filter narrows the result type. The returned array keeps its
 * identity while the documents in it are the same.
 *
 * @example
 * const items = useFind("items", isItem, (a, b) => a.title.localeCompare(b.title));
 */
export function useFind(collection: string): readonly LiveDoc[];
export function useFind<T extends LiveDoc>(
  collection: string,
  filter: (doc: LiveDoc) => doc is T,
  sort?: Sort<T>,
): readonly T[];
export function useFind(
  collection: string,
  filter?: (doc: LiveDoc) => boolean,
  sort?: Sort<LiveDoc>,
): readonly LiveDoc[];
export function useFind<T extends LiveDoc>(collection: string, filter?: Filter<T>, sort?: Sort<T>): readonly LiveDoc[] {
  const { store, subscribe } = useCollectionChanges(collection);
  const docs = useSyncExternalStore(subscribe, () => store.find(collection));
  const computed = useMemo(() => {
    if (!filter && !sort) return docs;
    const out = (filter ? docs.filter(filter) : [...docs]) as T[];
    if (sort) out.sort(sort);
    return out;
  }, [docs, filter, sort]);
  // Inline filter/sort functions are new on every render; the previous
  // array is returned when the contents match so consumers see no change.
  const last = useRef(computed);
  const result = sameItems(last.current, computed) ? last.current : computed;
  useEffect(() => {
    last.current = result;
  });
  return result;
}

/** The store, and a subscribe function (for useSyncExternalStore) told of changes to one collection. */
function useCollectionChanges(collection: string) {
  const { store } = useConnection();
  const subscribe = useCallback(
    (onChange: () => void) =>
      store.onChange((changed) => {
        if (changed.has(collection)) onChange();
      }),
    [store, collection],
  );
  return { store, subscribe };
}

/** A stable function that calls a method on the connection. */
export function useCall(): (name: string, ...params: unknown[]) => Promise<unknown> {
  const connection = useConnection();
  return useCallback((name: string, ...params: unknown[]) => connection.call(name, ...params), [connection]);
}

/**
 * Whether the document has a change made here that the server has not yet
 * confirmed (a stub's write still waiting): for a "not saved yet" mark.
 */
export function usePending(collection: string, id: string): boolean {
  const { store, subscribe } = useCollectionChanges(collection);
  return useSyncExternalStore(subscribe, () => store.isPending(collection, id));
}

/** How many changes made here the server has not confirmed yet (shown on screen where their documents are). */
export function usePendingCount(): number {
  const { store } = useConnection();
  const subscribe = useCallback((onChange: () => void) => store.onPendingChange(onChange), [store]);
  return useSyncExternalStore(subscribe, () => store.pendingCount());
}

/**
 * Registers method stubs on the connection for as long as the component is
 * shown (app/live/simulation.ts). Pass a stable object (useMemo).
 */
export function useStubs(stubs: Readonly<Record<string, MethodStub>>): void {
  const connection = useConnection();
  useEffect(() => {
    const removals = Object.entries(stubs).map(([name, stub]) => connection.defineStub(name, stub));
    return () => {
      for (const remove of removals) remove();
    };
  }, [connection, stubs]);
}
