/**
 * What the live layer keeps in the Durable Object's own SQLite, because
 * hibernation or eviction would erase it from memory:
 * - each connection's subscriptions (re-run on wake to rebuild its view),
 * - the exactly-once method-result cache,
 * - rate-limit windows (the call budget).
 * The last two are in its key-value storage, written without holding any
 * reply (unconfirmed-writes.ts): the budget used to be a SQL row written
 * with every call, and a cheap call's answer waited for it to be stored.
 */
import type { RateLimitInput, RateLimitRule } from "./rate-limit-rules";
import { counterKey } from "./rate-limit-rules";
import { UnconfirmedWrites } from "./unconfirmed-writes";

/** How long a method result is kept for a client that may re-send it. */
export const METHOD_CACHE_TTL_MS = 15 * 60_000;

export interface StoredSubscription {
  subId: string;
  name: string;
  params: string;
}

/** Refused keys remembered in memory at most (they are few: a flood has one key per rule). */
const MAX_BLOCKED_KEYS = 10_000;

/** Expired results removed per `pruneExpired` (it runs with every heartbeat alarm). */
const RESULTS_PRUNED_PER_CALL = 5_000;

/** Where cached results are kept: `live:result:<bucket>:<session>\0<id>`, a bucket per TTL. */
const RESULT_PREFIX = "live:result:";

interface CachedResult {
  userId: string | null;
  frames: string[];
  at: number;
}

/** Where a call-budget window is kept: `live:rate:<rule key>`. */
const RATE_PREFIX = "live:rate:";

/** One rule's window for one caller: when it began and the calls counted in it. */
interface RateWindow {
  start: number;
  count: number;
}

/** Rate-limit windows are dropped this long after they began (the longest rule's is shorter). */
const RATE_WINDOW_KEPT_MS = 3_600_000;

/** Windows held in memory at most before the ended ones are let go. */
const MAX_RATE_WINDOWS = 10_000;

export class LiveStorage {
  /** Rate-limit keys over their limit, until their window ends (a cache of what storage says). */
  private readonly blockedUntil = new Map<string, number>();
  /** Results answered but not yet stored (looked up first). */
  private readonly results: UnconfirmedWrites<CachedResult>;
  /** Call-budget windows in use: read from storage once, then counted here. */
  private readonly rateWindows = new Map<string, RateWindow>();
  private readonly rateWrites: UnconfirmedWrites<RateWindow>;
  /** Where the last prune of stored windows stopped (null: from the start). */
  private rateCursor: string | null = null;
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
    // An earlier version's budget windows: at most an hour of counts, let go.
    sql.exec("DROP TABLE IF EXISTS live_rate_limits");
    this.results = new UnconfirmedWrites(storage, "method results");
    this.rateWrites = new UnconfirmedWrites(storage, "call budgets");
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
      this.results.pending(storedResultKey(bucketOf(now), key)) ??
      this.results.pending(storedResultKey(bucketOf(now) - 1, key)) ??
      this.storage.kv.get<CachedResult>(storedResultKey(bucketOf(now), key)) ??
      this.storage.kv.get<CachedResult>(storedResultKey(bucketOf(now) - 1, key)) ??
      this.legacyResult(session, id);
    if (!found || found.at < now - METHOD_CACHE_TTL_MS) return null;
    // A cached result is only replayed to the same user it was computed for.
    return found.userId === userId ? found.frames : null;
  }

  /**
   * Keeps a method's frames for re-sends (TTL METHOD_CACHE_TTL_MS). Without
   * its row a re-sent call runs again, as a client with no cache would see it
   * (a room's writes are recorded with the call that made them, in the same
   * commit: docs/architecture.md §10).
   */
  cacheResult(session: string, id: string, userId: string | null, frames: string[], now: number): void {
    this.results.set(storedResultKey(bucketOf(now), resultKey(session, id)), { userId, frames, at: now });
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
    // Stored windows a slice at a time, going on from where the last prune stopped, so every one is reached.
    const stale = now - RATE_WINDOW_KEPT_MS;
    let seen = 0;
    for (const [key, window] of this.storage.kv.list<RateWindow>({
      prefix: RATE_PREFIX,
      ...(this.rateCursor ? { startAfter: this.rateCursor } : {}),
      limit: RESULTS_PRUNED_PER_CALL,
    })) {
      seen++;
      this.rateCursor = key;
      if (window.start < stale) this.storage.kv.delete(key);
    }
    if (seen < RESULTS_PRUNED_PER_CALL) this.rateCursor = null;
    for (const [key, window] of this.rateWindows) if (window.start < stale) this.rateWindows.delete(key);
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
    const stored = `${RATE_PREFIX}${key}`;
    // Memory, then a count not yet stored, then storage (a window let go from memory, or from before a wake).
    let window =
      this.rateWindows.get(key) ?? this.rateWrites.pending(stored) ?? this.storage.kv.get<RateWindow>(stored);
    if (!window || now - window.start >= rule.intervalMs) window = { start: now, count: 0 };
    window = { start: window.start, count: window.count + 1 };
    // The map is in the order windows were last counted: the least recently counted go first.
    this.rateWindows.delete(key);
    if (this.rateWindows.size >= MAX_RATE_WINDOWS) this.forgetOldestWindows();
    this.rateWindows.set(key, window);
    this.rateWrites.set(stored, window);
    if (window.count <= rule.limit) return null;
    const end = window.start + rule.intervalMs;
    this.blockedUntil.set(key, end);
    if (this.blockedUntil.size > MAX_BLOCKED_KEYS) this.forgetEndedBlocks(now);
    return end - now;
  }

  /** Lets the least recently counted tenth of the windows go from memory (storage still has them). */
  private forgetOldestWindows(): void {
    let drop = Math.ceil(MAX_RATE_WINDOWS / 10);
    for (const key of this.rateWindows.keys()) {
      if (drop-- <= 0) break;
      this.rateWindows.delete(key);
    }
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
