/**
 * What the live layer keeps in the Durable Object's own SQLite, because
 * hibernation or eviction would erase it from memory:
 * - each connection's subscriptions (re-run on wake to rebuild its view),
 * - the exactly-once method-result cache (in the object's key-value storage:
 *   see `writeResults`),
 * - rate-limit windows.
 */
import type { RateLimitInput, RateLimitRule } from "./rate-limit-rules";
import { counterKey } from "./rate-limit-rules";

/** How long a method result is kept for a client that may re-send it. */
export const METHOD_CACHE_TTL_MS = 15 * 60_000;

export interface StoredSubscription {
  subId: string;
  name: string;
  params: string;
}

/** Refused keys remembered in memory at most (they are few: a flood has one key per rule). */
const MAX_BLOCKED_KEYS = 10_000;

/** Cached results written per `put` (the storage takes at most 128 keys at once). */
const RESULTS_PER_PUT = 128;

/**
 * Results answered within this long are stored in one write: a person
 * editing cell after cell costs one storage write per burst, not one per
 * edit (profiled: a tenth of an edit's CPU). Until written they are
 * answered from memory.
 */
const RESULTS_WRITE_DELAY_MS = 25;

/** Expired results removed per `pruneExpired` (it runs with every heartbeat alarm). */
const RESULTS_PRUNED_PER_CALL = 5_000;

/** Where cached results are kept: `live:result:<bucket>:<session>\0<id>`, a bucket per TTL. */
const RESULT_PREFIX = "live:result:";

interface CachedResult {
  userId: string | null;
  frames: string[];
  at: number;
}

export class LiveStorage {
  /** Rate-limit keys over their limit, until their window ends (a cache of what storage says). */
  private readonly blockedUntil = new Map<string, number>();
  /**
   * Results answered but not yet written: kept here and written together in
   * a turn of their own, so a reply never waits for its cache row to be
   * stored (the output gate holds a turn's frames until its writes are) and
   * a busy turn writes many rows in one `put`. Looked up first.
   */
  private readonly unwritten = new Map<string, CachedResult>();
  private writeScheduled = false;
  private readonly sql: SqlStorage;
  /** Whether results cached in SQLite by an earlier version may still be there (read until they expire). */
  private legacyResults: boolean;

  constructor(private readonly storage: DurableObjectStorage) {
    const sql = storage.sql;
    this.sql = sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS live_subs (
      conn TEXT NOT NULL, sub TEXT NOT NULL, name TEXT NOT NULL, params TEXT NOT NULL,
      PRIMARY KEY (conn, sub))`);
    this.legacyResults =
      sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'live_method_results'").toArray().length >
      0;
    sql.exec(`CREATE TABLE IF NOT EXISTS live_sessions (session TEXT PRIMARY KEY, at INTEGER NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS live_rate_limits (
      key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL)`);
  }

  saveSubscription(conn: string, sub: StoredSubscription): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO live_subs (conn, sub, name, params) VALUES (?, ?, ?, ?)",
      conn,
      sub.subId,
      sub.name,
      sub.params,
    );
  }

  deleteSubscription(conn: string, subId: string): void {
    this.sql.exec("DELETE FROM live_subs WHERE conn = ? AND sub = ?", conn, subId);
  }

  deleteConnection(conn: string): void {
    this.sql.exec("DELETE FROM live_subs WHERE conn = ?", conn);
  }

  subscriptions(conn: string): StoredSubscription[] {
    return this.sql
      .exec<{ sub: string; name: string; params: string }>(
        "SELECT sub, name, params FROM live_subs WHERE conn = ?",
        conn,
      )
      .toArray()
      .map((row) => ({ subId: row.sub, name: row.name, params: row.params }));
  }

  /** Drops subscriptions of connections that no longer exist. */
  pruneConnections(live: Set<string>): void {
    const conns = this.sql.exec<{ conn: string }>("SELECT DISTINCT conn FROM live_subs").toArray();
    for (const { conn } of conns) if (!live.has(conn)) this.deleteConnection(conn);
  }

  touchSession(session: string, now: number): void {
    this.sql.exec("INSERT OR REPLACE INTO live_sessions (session, at) VALUES (?, ?)", session, now);
  }

  knowsSession(session: string, now: number): boolean {
    const rows = this.sql.exec<{ at: number }>("SELECT at FROM live_sessions WHERE session = ?", session).toArray();
    return rows.length > 0 && now - (rows[0]?.at ?? 0) < METHOD_CACHE_TTL_MS;
  }

  /**
   * The frames sent for a finished method, if this session already ran it.
   * Only a resumed session can have any, so new sessions skip the lookup.
   */
  cachedResult(session: string, id: string, userId: string | null, resumed: boolean, now: number): string[] | null {
    if (!resumed) return null;
    const key = resultKey(session, id);
    const found =
      this.unwritten.get(key) ??
      this.storage.kv.get<CachedResult>(storedResultKey(bucketOf(now), key)) ??
      this.storage.kv.get<CachedResult>(storedResultKey(bucketOf(now) - 1, key)) ??
      this.legacyResult(session, id);
    if (!found || found.at < now - METHOD_CACHE_TTL_MS) return null;
    // A cached result is only replayed to the same user it was computed for.
    return found.userId === userId ? found.frames : null;
  }

  /** Keeps a method's frames for re-sends (TTL METHOD_CACHE_TTL_MS). */
  cacheResult(session: string, id: string, userId: string | null, frames: string[], now: number): void {
    this.unwritten.set(resultKey(session, id), { userId, frames, at: now });
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    setTimeout(() => this.writeResults(), RESULTS_WRITE_DELAY_MS);
  }

  /**
   * Writes the results answered since the last write (see `unwritten`),
   * with `allowUnconfirmed`: the output gate then does not hold the frames
   * that follow (the next calls' replies) until the write is stored. A
   * write lost to a crash at that moment loses only cache rows, which are
   * the fast path, not the guarantee (a room's writes are recorded with
   * the call that made them, in the same commit: docs/architecture.md
   * §10). SQL writes have no such option: with the rows in SQLite the
   * batched round trip measured 1.21–1.29× an echo, with this 1.06–1.12×.
   */
  private writeResults(): void {
    this.writeScheduled = false;
    const entries = [...this.unwritten];
    this.unwritten.clear();
    for (let i = 0; i < entries.length; i += RESULTS_PER_PUT) {
      const chunk = entries.slice(i, i + RESULTS_PER_PUT);
      const stored = Object.fromEntries(chunk.map(([key, row]) => [storedResultKey(bucketOf(row.at), key), row]));
      // Without its row a re-sent call runs again: as a client with no cache would see it.
      this.storage
        .put(stored, { allowUnconfirmed: true })
        .catch((error) => console.error("live: could not cache method results", error));
    }
  }

  /** A result an earlier version kept in SQLite (read until the last of them expires). */
  private legacyResult(session: string, id: string): CachedResult | undefined {
    if (!this.legacyResults) return undefined;
    const row = this.sql
      .exec<{ frames: string; user_id: string | null; at: number }>(
        "SELECT frames, user_id, at FROM live_method_results WHERE session = ? AND id = ?",
        session,
        id,
      )
      .toArray()[0];
    return row && { userId: row.user_id, frames: JSON.parse(row.frames) as string[], at: row.at };
  }

  pruneExpired(now: number): void {
    const cutoff = now - METHOD_CACHE_TTL_MS;
    // Buckets before the previous one hold only expired results; a busy room's are removed a slice per call.
    const expired = this.storage.kv.list({
      start: RESULT_PREFIX,
      end: storedResultKey(bucketOf(now) - 1, ""),
      limit: RESULTS_PRUNED_PER_CALL,
    });
    for (const [key] of expired) this.storage.kv.delete(key);
    if (this.legacyResults) {
      this.sql.exec("DELETE FROM live_method_results WHERE at < ?", cutoff);
      if (this.sql.exec("SELECT 1 FROM live_method_results LIMIT 1").toArray().length === 0) {
        this.sql.exec("DROP TABLE live_method_results");
        this.legacyResults = false;
      }
    }
    this.sql.exec("DELETE FROM live_sessions WHERE at < ?", cutoff);
    this.sql.exec("DELETE FROM live_rate_limits WHERE window_start < ?", now - 3_600_000);
  }

  /**
   * Counts one invocation against a rule's fixed window. Returns the time to
   * reset when the call is over the limit, else null.
   */
  hit(rule: RateLimitRule, input: RateLimitInput, now: number): number | null {
    const key = counterKey(rule, input);
    // A key already over its limit stays refused until its window ends: answered from memory,
    // so a flood of refused calls costs no storage writes (storage still holds the full count).
    const blocked = this.blockedUntil.get(key);
    if (blocked !== undefined && blocked > now) return blocked - now;
    const row = this.sql
      .exec<{ window_start: number; count: number }>(
        "SELECT window_start, count FROM live_rate_limits WHERE key = ?",
        key,
      )
      .toArray()[0];
    let windowStart = row?.window_start ?? now;
    let count = row?.count ?? 0;
    if (now - windowStart >= rule.intervalMs) {
      windowStart = now;
      count = 0;
    }
    count += 1;
    this.sql.exec(
      "INSERT OR REPLACE INTO live_rate_limits (key, window_start, count) VALUES (?, ?, ?)",
      key,
      windowStart,
      count,
    );
    if (count <= rule.limit) return null;
    const end = windowStart + rule.intervalMs;
    this.blockedUntil.set(key, end);
    if (this.blockedUntil.size > MAX_BLOCKED_KEYS) this.forgetEndedBlocks(now);
    return end - now;
  }

  private forgetEndedBlocks(now: number): void {
    for (const [key, until] of this.blockedUntil) if (until <= now) this.blockedUntil.delete(key);
  }
}

function resultKey(session: string, id: string): string {
  return `${session}\u0000${id}`;
}

/** Results are kept by TTL-long time bucket, so expired ones are removed by key range. */
function bucketOf(at: number): number {
  return Math.floor(at / METHOD_CACHE_TTL_MS);
}

function storedResultKey(bucket: number, key: string): string {
  // Zero-padded so buckets sort as numbers do.
  return `${RESULT_PREFIX}${String(bucket).padStart(12, "0")}:${key}`;
}
