/**
 * The small page a provider sign-in ends on. It hands the one-time
 * credential (or the reason there is none) to the app — to the opener for
 * the popup style, to the next page load for the redirect style — and
 * otherwise says what happened, so a person is never left on a blank page.
 * Its one script runs under a nonce; the data rides in a JSON block.
 */
import type { Context } from "hono";
import { OAUTH_HANDOFF, type OAuthHandoff } from "../../protocol/api";
import { newToken } from "./tokens";

export interface OAuthPageOptions {
  title: string;
  message: string;
  /** What to hand to the app; absent when there is nothing it could use. */
  handoff?: OAuthHandoff;
  style: "popup" | "redirect";
  /** Redirect style: the same-origin path to go back to. */
  returnTo?: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON that is safe inside a `<script>` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
}

// Kept free of template values: everything it needs is in the JSON block.
const HANDOFF_SCRIPT = `
(function () {
  var data = JSON.parse(document.getElementById("oauth-data").textContent);
  var keys = ${JSON.stringify(OAUTH_HANDOFF)};
  if (!data.handoff) return;
  if (data.style === "redirect") {
    try { sessionStorage.setItem(keys.REDIRECT_KEY, JSON.stringify(data.handoff)); } catch (e) {}
    location.replace(data.returnTo || "/");
    return;
  }
  try { localStorage.setItem(keys.POPUP_KEY_PREFIX + data.handoff.credentialToken, JSON.stringify(data.handoff)); } catch (e) {}
  try { var channel = new BroadcastChannel(keys.CHANNEL); channel.postMessage(data.handoff); channel.close(); } catch (e) {}
  // The app shows the outcome, success or not; this window has done its part.
  setTimeout(function () { window.close(); }, 50);
})();
`;

/** Renders the page on Hono's context, so cookies set or cleared on it go along. */
export function oauthPage(c: Context, options: OAuthPageOptions, status: 200 | 400 | 404 | 502 = 200): Response {
  const nonce = newToken();
  const data = { handoff: options.handoff ?? null, style: options.style, returnTo: options.returnTo ?? "/" };
  const closeHint =
    options.style === "popup" ? "<p>You can close this window.</p>" : '<p><a href="/sign-in">Back to sign in</a></p>';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)} · Stockroom</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1f2933}h1{font-size:1.25rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(options.title)}</h1>
<p role="status">${escapeHtml(options.message)}</p>
${closeHint}
</main>
<script type="application/json" id="oauth-data">${scriptJson(data)}</script>
<script nonce="${nonce}">${HANDOFF_SCRIPT}</script>
</body>
</html>`;
  c.header(
    "Content-Security-Policy",
    `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  c.header("X-Content-Type-Options", "nosniff");
  return c.html(html, status);
}
