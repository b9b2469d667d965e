/**
 * The room's methods as the app calls them: typed from what each feature
 * declares it takes (protocol/args.ts) and answers
 * (protocol/method-results.ts), so a call with the wrong arguments, or code
 * that reads an answer the method does not give, does not compile — with no
 * cast where a method is called. The live client (app/live/) knows no
 * feature and stays untyped; the one cast is here, where the wire's answer
 * is named by the declaration the server's `run` is held to
 * (worker/contract.ts). Subscriptions are typed the same way, from what
 * each publication takes.
 *
 * @example
 * const call = useCall();
 * const id = await call(METHOD.ITEMS_ADD, { title: "Lamp" }); // string
 */
import { useMemo } from "react";
import type * as v from "valibot";
import type { METHOD_ARGS, MethodName, PUBLICATION_ARGS, PublicationName } from "../protocol/args";
import type { MethodResults } from "../protocol/method-results";
import {
  type ApplyOptions,
  type LiveConnection,
  type SubscriptionState,
  useSubscribe as useAnySubscribe,
  useSubscribeIf as useAnySubscribeIf,
  useSubscription as useAnySubscription,
  useConnection,
} from "./live";

/** A tuple whose trailing elements that may be undefined may also be left out. */
type OmittableTail<T extends readonly unknown[]> = T extends readonly [...infer Head, infer Last]
  ? undefined extends Last
    ? OmittableTail<Head> | T
    : T
  : T;

/** The same shape, taking read-only arrays too: the server only reads what it is sent. */
type Readable<T> = T extends Uint8Array | Date
  ? T
  : T extends readonly (infer U)[]
    ? readonly Readable<U>[]
    : T extends object
      ? { [K in keyof T]: Readable<T[K]> }
      : T;

/** What a method takes, as the caller writes it (before the server's schema fills defaults). */
export type MethodParams<N extends MethodName> = OmittableTail<ReadableEach<v.InferInput<(typeof METHOD_ARGS)[N]>>>;

/** Each argument of a tuple made `Readable`, the tuple kept. */
type ReadableEach<T extends readonly unknown[]> = { [K in keyof T]: Readable<T[K]> };

/** Calls a method of the room's features; resolves with its declared answer. */
export type Call = <N extends MethodName>(name: N, ...params: MethodParams<N>) => Promise<MethodResults[N]>;

/** The typed call of a connection (for code outside React: uploads, photo intake). */
export function callOn(connection: LiveConnection): Call {
  return <N extends MethodName>(name: N, ...params: MethodParams<N>) =>
    connection.call(name, ...params) as Promise<MethodResults[N]>;
}

/** Like `Call`, with the parameters as a list and options (`wait`: alone on the wire, as a login is). */
export type Apply = <N extends MethodName>(
  name: N,
  params: MethodParams<N>,
  options?: ApplyOptions,
) => Promise<MethodResults[N]>;

/** The typed apply of a connection. */
export function applyOn(connection: LiveConnection): Apply {
  return <N extends MethodName>(name: N, params: MethodParams<N>, options?: ApplyOptions) =>
    connection.apply(name, params, options) as Promise<MethodResults[N]>;
}

/** A stable, typed function that calls a method on the page's connection. */
export function useCall(): Call {
  const connection = useConnection();
  return useMemo(() => callOn(connection), [connection]);
}

/** What a publication takes, as the subscriber writes it. */
export type PublicationParams<N extends PublicationName> = OmittableTail<
  ReadableEach<v.InferInput<(typeof PUBLICATION_ARGS)[N]>>
>;

/** Subscribes while the component is shown; true while its first data is loading. */
export function useSubscribe<N extends PublicationName>(name: N, ...params: PublicationParams<N>): boolean {
  return useAnySubscribe(name, ...params);
}

/** Like `useSubscribe`, and also reports the error a subscription ended with. */
export function useSubscription<N extends PublicationName>(
  name: N,
  ...params: PublicationParams<N>
): SubscriptionState {
  return useAnySubscription(name, ...params);
}

/** Subscribes only while `enabled`. */
export function useSubscribeIf<N extends PublicationName>(
  enabled: boolean,
  name: N,
  ...params: PublicationParams<N>
): boolean {
  return useAnySubscribeIf(enabled, name, ...params);
}
