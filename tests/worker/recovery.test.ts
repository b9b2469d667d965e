import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAILCHANNELS_URL, sendEmail } from "../../worker/email/mailer";
import { DdpSocket } from "./ddp-socket";

let shard = 0;
const homePath = () => `/api/websocket?shard=${shard++ % 16}`;
let counter = 0;
const uniqueEmail = () => `recover${Date.now()}${counter++}@example.com`;

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

async function outbox(): Promise<OutboxMail[]> {
  const response = await SELF.fetch("http://stockroom.test/api/dev/outbox");
  expect(response.status).toBe(200);
  return response.json();
}

/** The first mail matching `match`, waiting for it: account e-mail is sent after the call answers. */
async function mailTo(match: (mail: OutboxMail) => boolean): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect.poll(async () => (found = (await outbox()).find(match))).toBeDefined();
  return found as OutboxMail;
}

/** The token in the newest mail to `to` whose link contains `kind`. */
async function tokenFromMail(to: string, kind: string): Promise<string> {
  const mail = await mailTo((m) => m.to === to && m.text.includes(`#/${kind}/`));
  const match = new RegExp(`#/${kind}/([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${kind} link in the mail to ${to}`);
  return match[1] as string;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("e-mail verification", () => {
  it("sends a verify link on sign-up; following it verifies the address and logs in, once", async () => {
    const email = uniqueEmail();
    const { socket } = await DdpSocket.connect(homePath());
    const created = await socket.call("createUser", [{ email, password: "pw-verify" }]);
    socket.close();
    const mail = await mailTo((m) => m.to === email);
    expect(mail.subject).toBe("Confirm your e-mail address for Stockroom");
    expect(mail.html).toContain("#/verify-email/");
    const token = await tokenFromMail(email, "verify-email");

    const { socket: other } = await DdpSocket.connect(homePath());
    const verified = await other.call("verifyEmail", [token]);
    expect(verified.result).toMatchObject({ id: (created.result as { id: string }).id });
    const row = await env.DB.prepare("SELECT verified FROM user_emails WHERE address = ?").bind(email).first();
    expect(row).toEqual({ verified: 1 });
    const again = await other.call("verifyEmail", [token]);
    expect(again.error).toMatchObject({ error: 403, reason: "Verify email link expired" });
    other.close();
  });
});

describe("password reset", () => {
  it("answers forgotPassword the same for unknown addresses and sends nothing", async () => {
    const { socket } = await DdpSocket.connect(homePath());
    // An address of its own, with no account: no other test can have mailed it.
    const nobody = uniqueEmail();
    const result = await socket.call("forgotPassword", [{ email: nobody }]);
    expect(result.error).toBeUndefined();
    expect(result.result).toBeUndefined();
    expect((await outbox()).some((mail) => mail.to === nobody)).toBe(false);
    const bad = await socket.call("forgotPassword", [{}]);
    expect(bad.error).toMatchObject({ error: 400 });
    socket.close();
  });

  it("resets with the mailed token once, logs in, and ends every other session", async () => {
    const email = uniqueEmail();
    const { socket: device } = await DdpSocket.connect(homePath());
    await device.call("createUser", [{ email, password: "old password" }]);

    const { socket } = await DdpSocket.connect(homePath());
    await socket.call("forgotPassword", [{ email: email.toUpperCase() }]);
    const mail = await mailTo((m) => m.to === email && m.subject === "Reset your Stockroom password");
    expect(mail.text).toContain("works once and for 3 days");
    const token = await tokenFromMail(email, "reset-password");
    const stored = await env.DB.prepare(
      "SELECT token_hash, expires_at - created_at AS life FROM account_tokens WHERE kind = 'reset' AND email = ?",
    )
      .bind(email)
      .first<{ token_hash: string; life: number }>();
    expect(stored?.token_hash).not.toBe(token);
    expect(stored?.life).toBe(3 * 24 * 3600_000);

    const reset = await socket.call("resetPassword", [token, "new password"]);
    expect(reset.result).toMatchObject({ token: expect.any(String) });
    await expect.poll(() => device.closed?.code).toBe(4002);
    expect((await socket.call("resetPassword", [token, "another"])).error).toMatchObject({
      error: 403,
      reason: "Token expired",
    });

    const login = await socket.call("login", [{ user: { email }, password: "new password" }]);
    expect(login.error).toBeUndefined();
    socket.close();
  });

  it("refuses an expired reset token", async () => {
    const email = uniqueEmail();
    const { socket } = await DdpSocket.connect(homePath());
    await socket.call("createUser", [{ email, password: "pw" }]);
    await socket.call("forgotPassword", [{ email }]);
    const token = await tokenFromMail(email, "reset-password");
    await env.DB.prepare("UPDATE account_tokens SET expires_at = ? WHERE kind = 'reset' AND email = ?")
      .bind(Date.now() - 1, email)
      .run();
    expect((await socket.call("resetPassword", [token, "x"])).error).toMatchObject({
      error: 403,
      reason: "Token expired",
    });
    socket.close();
  });
});

describe("MailChannels sender", () => {
  it("posts the message to the Email API with the key, at the HTTP boundary", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 202 }));
    await sendEmail(
      { DB: env.DB, MAILCHANNELS_API_KEY: "test-key", MAIL_FROM: "shop@example.com" },
      { to: "a@example.com", subject: "Hi", text: "Text", html: "<p>Html</p>" },
    );
    const [url, init] = fetchSpy.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(MAILCHANNELS_URL);
    expect(new Headers(init.headers).get("X-Api-Key")).toBe("test-key");
    expect(JSON.parse(init.body as string)).toEqual({
      personalizations: [{ to: [{ email: "a@example.com" }] }],
      from: { email: "shop@example.com", name: "Stockroom" },
      subject: "Hi",
      content: [
        { type: "text/plain", value: "Text" },
        { type: "text/html", value: "<p>Html</p>" },
      ],
    });
  });

  it("fails loudly when the API refuses, and never falls back to the outbox in a deployment", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("bad key", { status: 401 }));
    const mail = { to: "a@example.com", subject: "Hi", text: "T", html: "H" };
    await expect(sendEmail({ DB: env.DB, MAILCHANNELS_API_KEY: "k" }, mail)).rejects.toThrow(
      "MailChannels answered 401",
    );
    await expect(sendEmail({ DB: env.DB }, mail)).rejects.toThrow("MAILCHANNELS_API_KEY is not set");
  });
});
