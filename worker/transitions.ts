/**
 * A state machine's moves, as a table: for each state, the states it may go
 * to. Each of the server's machines — a live session, an upload, a
 * stocktake, a bulk job — writes its table at the top of its file, and every
 * change of state goes through `move`: a move the table lacks does not
 * compile (`move(BULK_JOB_MOVES, "done", "running")` is a type error), and
 * one asked for at run time from a state read back from storage is refused.
 *
 * @example
 * const LAMP_MOVES = { off: ["on"], on: ["off"] } as const satisfies Transitions<"on" | "off">;
 * const next = move(LAMP_MOVES, "off", "on");
 */
export type Transitions<S extends string> = { readonly [From in S]: readonly S[] };

/** The states `from` may go to in `table`. */
export type Next<T extends Transitions<string>, From extends keyof T> = T[From][number];

/** `to`, once the table allows going there from `from`. */
export function move<T extends Transitions<string>, From extends keyof T & string>(
  table: T,
  from: From,
  to: Next<T, From>,
): Next<T, From> {
  const allowed: readonly string[] = table[from] ?? [];
  if (!allowed.includes(to)) throw new Error(`a state machine cannot go from ${from} to ${to}`);
  return to;
}

/** Whether the table allows going from `from` (a state read at run time) to `to`. */
export function canMove<S extends string>(table: Transitions<S>, from: S, to: S): boolean {
  return table[from].includes(to);
}
