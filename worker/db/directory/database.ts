/**
 * All D1 access goes through `worker/db/`, so moving room data elsewhere
 * later (docs/architecture.md §8) stays a local change.
 */
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

function makeDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Database = ReturnType<typeof makeDatabase>;

/**
 * One drizzle database per binding: making one reads the whole schema
 * (profiled: a few percent of a webhook route's CPU when made per request).
 */
const databases = new WeakMap<D1Database, Database>();

export function openDatabase(d1: D1Database): Database {
  let db = databases.get(d1);
  if (!db) {
    db = makeDatabase(d1);
    databases.set(d1, db);
  }
  return db;
}

/** Random ids in Meteor's unmistakable alphabet (17 characters, unbiased). */
export { randomId as newId } from "../../../protocol/random-stream";
