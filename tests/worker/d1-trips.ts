/**
 * Counts round trips to D1 (the directory) that concern given ids — a room,
 * a person, a shop — from now until the count is read: a statement run on
 * its own is one trip, a batch is one. Only trips whose statements are bound
 * to (or name) one of the ids count, so another test's rooms, still busy in
 * the background, never do. The Worker and every room object share one D1
 * binding per isolate; each binding the named rooms' objects hold is
 * wrapped, once.
 */
import { env, runInDurableObject } from "cloudflare:test";

type Statement = D1PreparedStatement & { [WATCHED]?: readonly unknown[] };
interface Counter {
  ids: readonly string[];
  trips: number;
}

const WATCHED = Symbol("bound values");
const counters = new Set<Counter>();
const wrapped = new WeakSet<D1Database>();

function concerns(counter: Counter, statements: readonly Statement[]): boolean {
  return statements.some((statement) =>
    (statement[WATCHED] ?? []).some((value) => typeof value === "string" && counter.ids.includes(value)),
  );
}

function trip(statements: readonly Statement[]): void {
  for (const counter of counters) if (concerns(counter, statements)) counter.trips++;
}

/** The statement, counting a trip each time it runs alone; its bound values kept for a batch to read. */
function watched(statement: Statement, values: readonly unknown[]): Statement {
  statement[WATCHED] = values;
  for (const method of ["run", "all", "first", "raw"] as const) {
    const real = statement[method].bind(statement) as (...args: unknown[]) => unknown;
    (statement as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
      trip([statement]);
      return real(...args);
    };
  }
  const bind = statement.bind.bind(statement);
  statement.bind = (...more: unknown[]) => watched(bind(...more) as Statement, [...values, ...more]);
  return statement;
}

function wrap(db: D1Database): void {
  if (wrapped.has(db)) return;
  wrapped.add(db);
  const prepare = db.prepare.bind(db);
  const batch = db.batch.bind(db);
  db.prepare = (query: string) => watched(prepare(query) as Statement, [query]);
  db.batch = ((statements: Statement[]) => {
    trip(statements);
    return batch(statements);
  }) as typeof db.batch;
}

/** Starts counting trips concerning `ids`; the answer reads the count and stops. */
export async function countD1Trips(roomIds: readonly string[], ids: readonly string[]): Promise<() => number> {
  wrap(env.DB);
  for (const roomId of roomIds) {
    await runInDurableObject(env.ROOM.getByName(roomId), (instance) => {
      wrap((instance as unknown as { env: { DB: D1Database } }).env.DB);
    });
  }
  const counter: Counter = { ids: [...roomIds, ...ids], trips: 0 };
  counters.add(counter);
  return () => {
    counters.delete(counter);
    return counter.trips;
  };
}
