/**
 * How a feature declares its methods, once: what each takes (an argument
 * schema both sides check with) and what it answers (a type). The server
 * registers a method from its declaration (worker/contract.ts) and the app
 * calls it typed by it (app/live-api.ts); the wire is unchanged.
 *
 * @example
 * export const LAMP_METHODS = {
 *   "lamps.switch": takes(v.tuple([idSchema, v.boolean()])).answers<{ on: boolean }>(),
 * };
 */
import type * as v from "valibot";

/** A method's argument list, as a schema. */
export type ArgsSchema = v.GenericSchema<unknown, unknown[]>;

/** What a method takes and what it answers (the answer is a type only). */
export interface MethodContract<S extends ArgsSchema = ArgsSchema, A = unknown> {
  readonly args: S;
  /** Never set: it carries the answer's type. */
  readonly answer?: A;
}

/** A method that answers nothing (`null` on the wire); its run may return nothing. */
// biome-ignore lint/suspicious/noConfusingVoidType: a run that returns nothing answers this.
export type Nothing = void;

/** Declares a method: `takes(args).answers<Answer>()` (nothing, when no answer is named). */
export function takes<S extends ArgsSchema>(args: S) {
  return { answers: <A = Nothing>(): MethodContract<S, A> => ({ args }) };
}

/** The answer a declaration names. */
export type AnswerOf<C> = C extends MethodContract<ArgsSchema, infer A> ? A : never;

/** Each method's argument schema, by name. */
export function argsOf<T extends Record<string, MethodContract>>(
  methods: T,
): { readonly [N in keyof T]: T[N]["args"] } {
  const args: Record<string, ArgsSchema> = {};
  for (const [name, contract] of Object.entries(methods)) args[name] = contract.args;
  return args as { readonly [N in keyof T]: T[N]["args"] };
}
