/**
 * Who is making a plain HTTP request: the login token from
 * `Authorization: Bearer …` or the login cookie (set by /api/auth/cookie).
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { type Database, openDatabase } from "../db/directory/database";
import { findLoginToken } from "../db/directory/users-repo";
import { hashToken } from "./tokens";

/** The HttpOnly cookie holding the login token (set by /api/auth/cookie). */
export const LOGIN_COOKIE = "stockroom_login";

/** No HTTPS there, so cookies cannot be Secure. */
export function isLocalhost(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

/** The token from `Authorization: Bearer …`, if well formed. */
export function bearerToken(c: Context<{ Bindings: Env }>): string | null {
  const token = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

/** The stored login token, if it exists and has not expired. */
export async function findActiveLoginToken(db: Database, token: string) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await findLoginToken(db, await hashToken(token));
  return row && row.expiresAt > Date.now() ? row : null;
}

export async function requestUserId(c: Context<{ Bindings: Env }>): Promise<string | null> {
  const token = bearerToken(c) ?? getCookie(c, LOGIN_COOKIE);
  if (!token) return null;
  return (await findActiveLoginToken(openDatabase(c.env.DB), token))?.userId ?? null;
}
