/**
 * `GET /api/auth/cookie` with `Authorization: Bearer <login token>` stores the
 * token in an HttpOnly, SameSite=Lax cookie (Secure except on localhost), so
 * plain GETs — `<img>`, links, downloads — of private files are authorised.
 * `DELETE` (sent at logout) clears it. The token is checked before it is set.
 */
import { Hono } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { openDatabase } from "../db/directory/database";
import { bearerToken, findActiveLoginToken, isLocalhost, LOGIN_COOKIE } from "./request-user";

export const cookieRoutes = new Hono<{ Bindings: Env }>();

cookieRoutes.get("/", async (c) => {
  const secure = !isLocalhost(c.req.url);
  const bearer = bearerToken(c);
  const row = bearer ? await findActiveLoginToken(openDatabase(c.env.DB), bearer) : null;
  if (!bearer || !row) {
    deleteCookie(c, LOGIN_COOKIE, { path: "/", secure, httpOnly: true, sameSite: "Lax" });
    return c.json({ error: "Access denied" }, 401);
  }
  setCookie(c, LOGIN_COOKIE, bearer, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    expires: new Date(row.expiresAt),
  });
  return c.json({ ok: true });
});

cookieRoutes.delete("/", (c) => {
  deleteCookie(c, LOGIN_COOKIE, { path: "/", secure: !isLocalhost(c.req.url), httpOnly: true, sameSite: "Lax" });
  return c.json({ ok: true });
});
