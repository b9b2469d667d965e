/**
 * Sends e-mail through the MailChannels Email API. Without an API key and
 * with the local-only STOCKROOM_DEV_OUTBOX flag (set by `npm start`,
 * `npm run dev` and the tests, never in wrangler.toml), messages are printed
 * to the terminal and kept in the development outbox instead.
 */
import { openDatabase } from "../db/directory/database";
import { devOutbox } from "../db/directory/schema";

/** A file an e-mail carries (MailChannels' shape: its bytes in base64). */
export interface EmailAttachment {
  filename: string;
  type: string;
  content: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when not to no one (a purchase order: the person who sent it). */
  replyTo?: string;
  attachments?: EmailAttachment[];
}

export const MAILCHANNELS_URL = "https://api.mailchannels.net/tx/v1/send";
const SEND_TIMEOUT_MS = 30_000;

interface MailEnv {
  DB: D1Database;
  MAILCHANNELS_API_KEY?: string;
  MAIL_FROM?: string;
  STOCKROOM_DEV_OUTBOX?: string;
}

export function devOutboxEnabled(env: MailEnv): boolean {
  return env.STOCKROOM_DEV_OUTBOX === "1";
}

export async function sendEmail(env: MailEnv, message: EmailMessage, now = Date.now()): Promise<void> {
  if (!env.MAILCHANNELS_API_KEY) {
    if (!devOutboxEnabled(env)) throw new Error("e-mail: MAILCHANNELS_API_KEY is not set");
    console.log(`\n📧 To: ${message.to}\n   Subject: ${message.subject}\n\n${message.text}\n`);
    const { attachments = [], replyTo: _replyTo, ...mail } = message;
    await openDatabase(env.DB)
      .insert(devOutbox)
      .values({ ...mail, attachments: JSON.stringify(attachments), sentAt: now });
    return;
  }
  const response = await fetch(MAILCHANNELS_URL, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Api-Key": env.MAILCHANNELS_API_KEY },
    // A provider that never answers must not hold a room's queued order e-mails forever.
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    body: JSON.stringify({
      personalizations: [{ to: [{ email: message.to }] }],
      from: { email: env.MAIL_FROM ?? "no-reply@stockroom.example", name: "Stockroom" },
      subject: message.subject,
      ...(message.replyTo ? { reply_to: { email: message.replyTo } } : {}),
      content: [
        { type: "text/plain", value: message.text },
        { type: "text/html", value: message.html },
      ],
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    }),
  });
  if (!response.ok) {
    // The body may hold the provider's reason; it stays in our logs only.
    throw new Error(`e-mail: MailChannels answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
  }
}
