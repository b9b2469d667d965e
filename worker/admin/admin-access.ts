/**
 * Site admins (not room roles): the users whose verified e-mail address is
 * listed in ADMIN_EMAILS. Admin routes take the login token only from the
 * Authorization header — never the cookie — so another site cannot make a
 * signed-in admin's browser send them (no CSRF).
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { bearerToken, findActiveLoginToken } from "../accounts/request-user";
import { openDatabase } from "../db/directory/database";
import { emailsOf } from "../db/directory/users-repo";

export function adminAddresses(env: Env): Set<string> {
  return new Set(
    (env.ADMIN_EMAILS ?? "")
      .split(",")
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The admin's user id, or a 401 (not signed in) / 403 (not an admin). */
export async function requireAdmin(c: Context<{ Bindings: Env }>): Promise<string> {
  const token = bearerToken(c);
  const db = openDatabase(c.env.DB);
  const login = token ? await findActiveLoginToken(db, token) : null;
  if (!login) throw new HTTPException(401, { message: "Sign in first" });
  const admins = adminAddresses(c.env);
  const emails = await emailsOf(db, login.userId);
  if (!emails.some((email) => email.verified && admins.has(email.address.toLowerCase()))) {
    throw new HTTPException(403, { message: "Access denied" });
  }
  return login.userId;
}
