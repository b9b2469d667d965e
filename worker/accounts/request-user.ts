/**
 * Who is making a plain HTTP request: the login token from
 * `Authorization: Bearer …` or the login cookie (set by /api/auth/cookie).
 */
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { openDatabase } from "../db/database";
import { findLoginToken } from "../db/users-repo";
import { LOGIN_COOKIE } from "./cookie-route";
import { hashToken } from "./tokens";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export async function requestUserId(c: Context<{ Bindings: Env }>): Promise<string | null> {
  const bearer = /^Bearer (.+)$/.exec(c.req.header("Authorization") ?? "")?.[1];
  const token = bearer ?? getCookie(c, LOGIN_COOKIE);
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const row = await findLoginToken(openDatabase(c.env.DB), await hashToken(token));
  return row && row.expiresAt > Date.now() ? row.userId : null;
}
