/** The development outbox, as workerd tests read it: e-mail is sent after a call's answer, so it is polled. */
import { SELF } from "cloudflare:test";
import { expect } from "vitest";

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
}

/** The newest mails first (the outbox keeps the last 200). */
export async function outboxMails(): Promise<OutboxMail[]> {
  return (await (await SELF.fetch("http://stockroom.test/api/dev/outbox")).json()) as OutboxMail[];
}

/** The token of the newest mail to `to` with a `#/kind/TOKEN` link, once it has arrived. */
export async function mailedToken(to: string, kind: string): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outboxMails()).find((m) => m.to === to && m.text.includes(`#/${kind}/`));
      token = mail ? new RegExp(`#/${kind}/([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] : undefined;
      return token;
    })
    .toBeDefined();
  return token as string;
}
