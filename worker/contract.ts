/**
 * Registers the features' methods from their declaration: what each takes
 * (protocol/args.ts) and what it answers (protocol/method-results.ts), so a
 * method's `run` that takes or answers anything else does not compile, and
 * the app's calls are typed from the same declaration (app/live-api.ts).
 * The live layer itself stays untyped: it knows no feature.
 */
import type * as v from "valibot";
import { METHOD_ARGS, type MethodName } from "../protocol/args";
import type { MethodResults } from "../protocol/method-results";
import type { LiveRegistry } from "./live/registry";
import type { MethodContext } from "./live/types";

/** What a method's `run` receives after its arguments were checked. */
export type MethodArgs<N extends MethodName> = v.InferOutput<(typeof METHOD_ARGS)[N]>;

export interface MethodImplementation<H, N extends MethodName> {
  /** Served while the object is still opening (it needs none of what opening prepares; see live/opening-gate.ts). */
  whileOpening?: boolean;
  run(ctx: MethodContext<H>, ...args: MethodArgs<N>): MethodResults[N] | Promise<MethodResults[N]>;
}

export function defineMethod<H, N extends MethodName>(
  registry: LiveRegistry<H>,
  name: N,
  implementation: MethodImplementation<H, N>,
): void {
  registry.method(name, { args: METHOD_ARGS[name], ...implementation });
}
