/**
 * Counts the D1 statements a room's object runs that match a pattern and are
 * bound to that room's id, from now until the count is read: for tests that
 * pin how much D1 work a step costs. Bound to the room's id so another test's
 * background work (syncs, jobs of other rooms) never counts.
 */
import { env, runInDurableObject } from "cloudflare:test";

type Counting = { env: { DB: D1Database }; statementCount?: number; stopCounting?: () => void };

export async function countRoomStatements(roomId: string, pattern: RegExp): Promise<() => Promise<number>> {
  const room = env.ROOM.getByName(roomId);
  await runInDurableObject(room, (instance) => {
    const counting = instance as unknown as Counting;
    const db = counting.env.DB;
    const prepare = db.prepare;
    counting.statementCount = 0;
    db.prepare = (query: string) => {
      const statement = prepare.call(db, query);
      if (!pattern.test(query)) return statement;
      const bind = statement.bind.bind(statement);
      statement.bind = (...values: unknown[]) => {
        if (values.includes(roomId)) counting.statementCount = (counting.statementCount ?? 0) + 1;
        return bind(...values);
      };
      return statement;
    };
    counting.stopCounting = () => {
      db.prepare = prepare;
    };
  });
  return () =>
    runInDurableObject(room, (instance) => {
      const counting = instance as unknown as Counting;
      counting.stopCounting?.();
      return counting.statementCount ?? 0;
    });
}
