/**
 * Counts the statements a room's object runs — in D1 (the directory) or in
 * its own SQLite — that match a pattern and are bound to that room's id, from now until the count is read: for tests that
 * pin how much D1 work a step costs. Only statements bound to `boundTo` (the
 * room's id unless given, e.g. a token's hash) count, so another test's
 * background work (syncs, jobs of other rooms) never does.
 */
import { env, runInDurableObject } from "cloudflare:test";

interface Counter {
  pattern: RegExp;
  boundTo: string;
  count: number;
}

type Counting = {
  env: { DB: D1Database };
  ctx: DurableObjectState;
  statementCounters?: Set<Counter>;
  stopCounting?: () => void;
};

export async function countRoomStatements(
  roomId: string,
  pattern: RegExp,
  boundTo: string = roomId,
): Promise<() => Promise<number>> {
  const room = env.ROOM.getByName(roomId);
  const counter: Counter = { pattern, boundTo, count: 0 };
  await runInDurableObject(room, (instance) => {
    const counting = instance as unknown as Counting;
    if (!counting.statementCounters) {
      // One wrapper per object, however many counters run at once.
      const counters = new Set<Counter>();
      const db = counting.env.DB;
      const prepare = db.prepare;
      db.prepare = (query: string) => {
        const statement = prepare.call(db, query);
        const matching = [...counters].filter((c) => c.pattern.test(query));
        if (matching.length === 0) return statement;
        const bind = statement.bind.bind(statement);
        statement.bind = (...values: unknown[]) => {
          for (const c of matching) if (values.includes(c.boundTo)) c.count++;
          return bind(...values);
        };
        return statement;
      };
      const sql = counting.ctx.storage.sql;
      const exec = sql.exec;
      sql.exec = ((query: string, ...values: SqlStorageValue[]) => {
        for (const c of counters) if (c.pattern.test(query) && values.includes(c.boundTo)) c.count++;
        return exec.call(sql, query, ...values);
      }) as typeof sql.exec;
      counting.statementCounters = counters;
      counting.stopCounting = () => {
        db.prepare = prepare;
        sql.exec = exec;
        counting.statementCounters = undefined;
      };
    }
    counting.statementCounters.add(counter);
  });
  return () =>
    runInDurableObject(room, (instance) => {
      const counting = instance as unknown as Counting;
      counting.statementCounters?.delete(counter);
      if (counting.statementCounters?.size === 0) counting.stopCounting?.();
      return counter.count;
    });
}
