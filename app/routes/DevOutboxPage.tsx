import { useEffect, useState } from "react";

interface OutboxMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
  /** Files it carries (a purchase order's PDF), each downloadable from the outbox. */
  attachments: { filename: string; type: string; size: number }[];
}

/**
 * Local development only: the e-mails Stockroom would have sent, so their
 * links can be followed. The API answers 404 in a deployment.
 */
export function DevOutboxPage() {
  const [mails, setMails] = useState<OutboxMail[] | "unavailable" | null>(null);
  useEffect(() => {
    const load = () =>
      fetch("/api/dev/outbox")
        .then((response) => (response.ok ? response.json() : "unavailable"))
        .then(setMails, () => setMails("unavailable"));
    void load();
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, []);

  return (
    <main className="page">
      <h1>Development outbox</h1>
      {mails === null && <p className="muted">Loading…</p>}
      {mails === "unavailable" && (
        <p className="muted">The outbox exists only when Stockroom runs locally without an e-mail API key.</p>
      )}
      {Array.isArray(mails) && mails.length === 0 && <p className="muted">No e-mail yet.</p>}
      {Array.isArray(mails) &&
        mails.map((mail) => (
          <article key={mail.id} className="card outbox-mail" data-testid="outbox-mail">
            <h2>{mail.subject}</h2>
            <p className="muted">
              To {mail.to} · {new Date(mail.sentAt).toLocaleString()}
            </p>
            <pre className="outbox-text">
              {mail.text.split(/(https?:\/\/\S+)/).map((part, i) =>
                /^https?:\/\//.test(part) ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder.
                  <a key={i} href={part}>
                    {part}
                  </a>
                ) : (
                  part
                ),
              )}
            </pre>
            {mail.attachments.length > 0 && (
              <ul className="outbox-attachments" aria-label="Attachments">
                {mail.attachments.map((file, index) => (
                  <li key={file.filename}>
                    <a href={`/api/dev/outbox/${mail.id}/attachments/${index}`} download={file.filename}>
                      {file.filename}
                    </a>{" "}
                    <span className="muted">({Math.max(1, Math.round(file.size / 1024))} KB)</span>
                  </li>
                ))}
              </ul>
            )}
          </article>
        ))}
    </main>
  );
}
