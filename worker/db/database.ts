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

/** Random ids in a URL-safe alphabet (Meteor-style, 17 characters). */
export function newId(length = 17): string {
  const alphabet = "23456789ABCDEFGHJKLMNPQRSTWXYZabcdefghijkmnopqrstuvwxyz";
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join("");
}
