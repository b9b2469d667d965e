/**
 * All D1 access goes through `worker/db/`, so moving room data elsewhere
 * later (DESIGN §8) stays a local change.
 */
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof openDatabase>;

export function openDatabase(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** Random ids in Meteor's unmistakable alphabet (17 characters, unbiased). */
export { randomId as newId } from "../../protocol/random-stream";
