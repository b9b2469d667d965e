/**
 * The HTTP half of Google and Facebook sign-in:
 * - `GET /api/auth/oauth/:service/start?credentialToken=…&style=popup|redirect&returnTo=/path`
 *   sends the browser to the provider. The state, PKCE verifier and the
 *   app's credential token wait in an HttpOnly cookie scoped to these routes.
 * - `GET /api/auth/oauth/:service/callback?code=…&state=…` checks the state
 *   against that cookie (a forged or replayed callback creates nothing),
 *   asks the provider who signed in, stores a one-time credential and ends
 *   on a page that hands it to the app, which logs in with it on the live
 *   connection (`login({oauth: {credentialToken, credentialSecret}})`).
 */
import { generateCodeVerifier, generateState, OAuth2RequestError } from "arctic";
import { Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as v from "valibot";
import { OAUTH_SERVICES } from "../../protocol/api";
import { OAUTH_CREDENTIAL_LIFETIME, OAUTH_STATE_LIFETIME } from "../../protocol/constants";
import { ERROR_TEXT } from "../../protocol/errors";
import { openDatabase } from "../db/directory/database";
import { insertOAuthCredential } from "../db/directory/oauth-repo";
import { oauthPage } from "./oauth-page";
import { oauthProvider } from "./oauth-providers";
import { isLocalhost } from "./request-user";
import { constantTimeEqual, hashToken, newToken } from "./tokens";

const STATE_COOKIE = "stockroom_oauth";
const COOKIE_PATH = "/api/auth/oauth";

const SERVICE_LABEL: Record<string, string> = { google: "Google", facebook: "Facebook" };

const credentialTokenSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,100}$/));
/** Only paths on our own origin: `/x`, never `//host` or `/\host`. */
const returnToSchema = v.pipe(v.string(), v.maxLength(500), v.regex(/^\/(?![/\\])[^\s]*$/));

const pendingSchema = v.object({
  service: v.picklist(OAUTH_SERVICES),
  state: v.string(),
  codeVerifier: v.string(),
  credentialToken: credentialTokenSchema,
  style: v.picklist(["popup", "redirect"]),
  returnTo: returnToSchema,
});
type PendingSignIn = v.InferOutput<typeof pendingSchema>;

function callbackUrl(env: Env, requestUrl: string, service: string): string {
  const origin = (env.APP_URL || new URL(requestUrl).origin).replace(/\/+$/, "");
  return `${origin}${COOKIE_PATH}/${service}/callback`;
}

function readPending(cookie: string | undefined): PendingSignIn | null {
  if (!cookie) return null;
  try {
    const result = v.safeParse(pendingSchema, JSON.parse(atob(cookie)));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

export const oauthRoutes = new Hono<{ Bindings: Env }>();

oauthRoutes.get("/:service/start", (c) => {
  const service = c.req.param("service");
  const style = c.req.query("style") === "redirect" ? "redirect" : "popup";
  const provider = oauthProvider(c.env, service, callbackUrl(c.env, c.req.url, service));
  if (!provider) {
    return oauthPage(c, { title: "Sign-in unavailable", message: ERROR_TEXT.SERVICE_NOT_CONFIGURED, style }, 404);
  }
  const token = v.safeParse(credentialTokenSchema, c.req.query("credentialToken"));
  const returnTo = v.safeParse(returnToSchema, c.req.query("returnTo") ?? "/");
  if (!token.success || !returnTo.success) {
    return oauthPage(c, { title: "Sign-in failed", message: "This sign-in link is not valid.", style }, 400);
  }
  const pending: PendingSignIn = {
    service: provider.service,
    state: generateState(),
    codeVerifier: provider.usesPkce ? generateCodeVerifier() : "",
    credentialToken: token.output,
    style,
    returnTo: returnTo.output,
  };
  setCookie(c, STATE_COOKIE, btoa(JSON.stringify(pending)), {
    path: COOKIE_PATH,
    httpOnly: true,
    // Lax: the provider brings the browser back with a top-level GET.
    sameSite: "Lax",
    secure: !isLocalhost(c.req.url),
    maxAge: OAUTH_STATE_LIFETIME / 1000,
  });
  return c.redirect(provider.authorizationUrl(pending.state, pending.codeVerifier).toString(), 302);
});

oauthRoutes.get("/:service/callback", async (c) => {
  const service = c.req.param("service");
  const label = SERVICE_LABEL[service] ?? "The provider";
  const pending = readPending(getCookie(c, STATE_COOKIE));
  // The cookie is for one attempt: gone whatever happens next.
  deleteCookie(c, STATE_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: "Lax",
    secure: !isLocalhost(c.req.url),
  });
  const state = c.req.query("state") ?? "";
  if (!pending || pending.service !== service || !state || !constantTimeEqual(state, pending.state)) {
    return oauthPage(
      c,
      {
        title: "Sign-in failed",
        message: "This sign-in could not be checked (it may have expired). Close this window and try again.",
        style: pending?.style ?? "popup",
        returnTo: pending?.returnTo,
      },
      400,
    );
  }
  const { credentialToken, style, returnTo } = pending;
  const fail = (message: string, status: 400 | 404 | 502) =>
    oauthPage(
      c,
      { title: "Sign-in failed", message, style, returnTo, handoff: { credentialToken, error: message } },
      status,
    );

  const denied = c.req.query("error");
  const code = c.req.query("code");
  if (denied || !code) return fail(`${label} sign-in was cancelled.`, 400);

  const provider = oauthProvider(c.env, service, callbackUrl(c.env, c.req.url, service));
  if (!provider) return fail(ERROR_TEXT.SERVICE_NOT_CONFIGURED, 404);
  let identity: Awaited<ReturnType<typeof provider.identify>>;
  try {
    identity = await provider.identify(code, pending.codeVerifier);
  } catch (error) {
    // Details go to the log, not to the browser.
    console.error(`oauth: ${service} sign-in failed`, error instanceof OAuth2RequestError ? error.code : error);
    return fail(`${label} sign-in failed. Please try again.`, 502);
  }

  const credentialSecret = newToken();
  await insertOAuthCredential(openDatabase(c.env.DB), {
    tokenHash: await hashToken(credentialToken),
    secretHash: await hashToken(credentialSecret),
    service,
    subject: identity.subject,
    email: identity.email,
    emailVerified: identity.emailVerified,
    name: identity.name,
    expiresAt: Date.now() + OAUTH_CREDENTIAL_LIFETIME,
  });
  return oauthPage(c, {
    title: "Signing you in…",
    message: `${label} sign-in worked. Returning to Stockroom…`,
    style,
    returnTo,
    handoff: { credentialToken, credentialSecret },
  });
});
