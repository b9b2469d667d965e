import { useCallback, useEffect, useState } from "react";
import { Link } from "wouter";
import { readStoredLogin } from "../accounts/stored-login";
import { Header } from "../components/Header";
import { HomeSessionProvider } from "../components/SessionProvider";

interface MigrationState {
  version: number;
  name: string;
  appliedAt: number | null;
  lastError: string | null;
  lastAttemptAt: number | null;
}

interface LogEntry {
  id: number;
  version: number;
  direction: "up" | "down";
  outcome: "applied" | "reverted" | "failed";
  error: string | null;
  finishedAt: number;
}

interface Listing {
  current: number;
  latest: number;
  migrations: MigrationState[];
  log: LogEntry[];
}

type Load = { state: "loading" } | { state: "ready"; listing: Listing } | { state: "error"; message: string };

const when = (at: number | null) => (at === null ? "—" : new Date(at).toLocaleString());

/** Talks to /api/admin/migrations with the login token in the header (the admin API takes no cookies). */
async function adminFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const token = readStoredLogin()?.token;
  return fetch(`/api/admin/migrations${path}`, {
    ...init,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
}

async function messageOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; status?: string; version?: number };
  if (response.status === 401) return "Sign in as an admin to see this page.";
  if (response.status === 403) return "Only the site's admins (ADMIN_EMAILS, verified) can see this page.";
  if (response.status === 409) return "Another run is in progress; try again in a moment.";
  return body.error ?? `The server answered ${response.status}.`;
}

/** The data migrations (docs/product.md §7): current version, each migration's state, the attempt log; run or roll back. */
export function AdminMigrationsPage() {
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [target, setTarget] = useState(0);

  const refresh = useCallback(async () => {
    const response = await adminFetch("");
    if (!response.ok) return setLoad({ state: "error", message: await messageOf(response) });
    const listing = (await response.json()) as Listing;
    setLoad({ state: "ready", listing });
  }, []);

  useEffect(() => {
    refresh().catch(() => setLoad({ state: "error", message: "Check your connection and reload." }));
  }, [refresh]);

  async function act(path: string, body?: object) {
    setBusy(true);
    setNotice(null);
    try {
      const response = await adminFetch(path, { method: "POST", body: body ? JSON.stringify(body) : undefined });
      if (!response.ok) {
        setNotice({ text: await messageOf(response), error: true });
      } else {
        const outcome = (await response.json()) as {
          status: string;
          applied: number[];
          version?: number;
          error?: string;
        };
        setNotice(
          outcome.status === "failed"
            ? { text: `Migration ${outcome.version} failed: ${outcome.error}`, error: true }
            : { text: outcome.applied.length ? `Done: ${outcome.applied.join(", ")}` : "Nothing to do.", error: false },
        );
      }
      await refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <HomeSessionProvider>
      <Header>Data migrations</Header>
      <main className="page">
        {load.state === "loading" && <p className="muted">Loading…</p>}
        {load.state === "error" && (
          <div className="empty-state">
            <h1>Data migrations</h1>
            <p role="alert">{load.message}</p>
            <p>
              <Link href="/">Back to your rooms</Link>
            </p>
          </div>
        )}
        {load.state === "ready" && (
          <>
            <section className="card" aria-labelledby="version-heading">
              <h2 id="version-heading">
                Version {load.listing.current} <span className="muted">of {load.listing.latest}</span>
              </h2>
              <p className="muted small">
                The cron job runs pending migrations every 10 minutes, one run at a time; a failed one is retried on the
                next run.
              </p>
              <div className="form-actions">
                <button type="button" disabled={busy} onClick={() => act("/run")}>
                  Run pending now
                </button>
                <label>
                  Roll back to{" "}
                  <select value={target} onChange={(e) => setTarget(Number(e.target.value))}>
                    {[0, ...load.listing.migrations.map((m) => m.version)].map((version) => (
                      <option key={version} value={version}>
                        {version}
                      </option>
                    ))}
                  </select>
                </label>
                <button
                  type="button"
                  className="danger"
                  disabled={busy}
                  onClick={() =>
                    window.confirm(`Run "down" of every migration above ${target}?`) && act("/revert", { to: target })
                  }
                >
                  Roll back
                </button>
                {notice && (
                  <span role={notice.error ? "alert" : "status"} className={notice.error ? "error" : "muted"}>
                    {notice.text}
                  </span>
                )}
              </div>
            </section>
            <section className="card" aria-labelledby="migrations-heading">
              <h2 id="migrations-heading">Migrations</h2>
              <table className="items" data-testid="migration-table">
                <thead>
                  <tr>
                    <th scope="col">Version</th>
                    <th scope="col">Name</th>
                    <th scope="col">State</th>
                    <th scope="col">Last attempt</th>
                  </tr>
                </thead>
                <tbody>
                  {load.listing.migrations.map((m) => (
                    <tr key={m.version}>
                      <td>{m.version}</td>
                      <td>{m.name}</td>
                      <td>
                        {m.appliedAt !== null ? "applied" : m.lastError ? "failed" : "pending"}
                        {m.lastError && <div className="error">{m.lastError}</div>}
                      </td>
                      <td>{when(m.lastAttemptAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
            <section className="card" aria-labelledby="log-heading">
              <h2 id="log-heading">History</h2>
              {load.listing.log.length === 0 ? (
                <p className="muted">Nothing has run yet.</p>
              ) : (
                <ol className="history">
                  {load.listing.log.map((entry) => (
                    <li key={entry.id}>
                      {when(entry.finishedAt)} — {entry.version} {entry.direction}: <strong>{entry.outcome}</strong>
                      {entry.error && <span className="error"> {entry.error}</span>}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </>
        )}
      </main>
    </HomeSessionProvider>
  );
}
