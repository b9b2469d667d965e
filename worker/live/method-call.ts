/**
 * One DDP `method` message on a session, answered exactly once: a re-sent
 * call (same session, same id, after a reconnect) gets the frames cached for
 * it, or joins the run still in progress; a new one runs — a registered
 * method or an allow/deny collection write — and its `result` is followed
 * by `updated` once the data it caused is queued (the write fence).
 */
import { type ClientMessage, encode, type ServerMessage } from "../../protocol/ddp";
import { LiveError, toWireError } from "../../protocol/errors";
import { parseWriteMethod, runWrite } from "./allow-deny";
import { parseArgs } from "./call-checks";
import { type CallOutcome, callKey, runAsCall } from "./call-scope";
import type { LiveRegistry } from "./registry";
import type { SessionEnvironment, SessionState } from "./session-state";
import type { CallerInfo, MethodContext } from "./types";

/** Results larger than this are not kept for re-sends (SQLite rows are capped at 2 MB). */
const MAX_CACHED_RESULT_CHARS = 512 * 1024;

type MethodMessage = Extract<ClientMessage, { msg: "method" }>;

/** What a call needs of its session; `state()` is read live, as a login call changes it. */
export interface MethodSession<H> {
  readonly env: SessionEnvironment<H>;
  state(): SessionState;
  caller(): CallerInfo;
  send(message: ServerMessage): void;
  enqueue(frame: string): void;
  rateLimit(name: string): void;
  setUser(userId: string | null, loginTokenHash: string | null): Promise<void>;
  noteRefusal(): void;
}

export async function callMethod<H>(session: MethodSession<H>, message: MethodMessage): Promise<void> {
  const { env } = session;
  const state = session.state();
  const sessionId = state.sessionId as string;
  const cached = env.storage.cachedResult(sessionId, message.id, state.userId, state.resumed === true, env.now());
  if (cached) {
    for (const frame of cached) session.enqueue(frame);
    return;
  }
  const key = `${sessionId}:${message.id}`;
  const running = env.inflight.get(key);
  if (running) {
    // The same call is still running from before a reconnect: wait for it.
    for (const frame of await running) session.enqueue(frame);
    return;
  }
  let unblock: () => void = () => {};
  const unblocked = new Promise<void>((resolve) => {
    unblock = resolve;
  });
  const done = invoke(session, message, unblock);
  env.inflight.set(key, done);
  void done.catch(() => {}).finally(() => env.inflight.delete(key));
  await Promise.race([done, unblocked]);
}

/** Runs a method and returns the frames sent for it (cached for re-sends). */
async function invoke<H>(session: MethodSession<H>, message: MethodMessage, unblock: () => void): Promise<string[]> {
  const { env } = session;
  let outcome: CallOutcome<unknown>;
  try {
    outcome = await run(session, message, unblock);
  } catch (error) {
    // Refused before it ran: an unknown method, or over the call budget.
    outcome = { ok: false, error };
  }
  let result: ServerMessage;
  if (outcome.ok) {
    const { value } = outcome;
    result = value === undefined ? { msg: "result", id: message.id } : { msg: "result", id: message.id, result: value };
  } else {
    const { error } = outcome;
    if (!(error instanceof LiveError)) console.error(`live: method '${message.method}' failed`, error);
    if (error instanceof LiveError && error.error === "too-many-requests") session.noteRefusal();
    result = { msg: "result", id: message.id, error: toWireError(error) };
  }
  const frames = [encode(result)];
  session.send(result);
  // Nothing still fanning out: `updated` goes in the same turn, often the same packet, as `result`.
  if (env.hub.busy) await env.hub.settled();
  const updated: ServerMessage = { msg: "updated", methods: [message.id] };
  frames.push(encode(updated));
  session.send(updated);
  // Unknown methods are not worth remembering; huge results are not kept.
  const notFound = "error" in result && result.error?.error === 404 && !env.registry.methods.has(message.method);
  const size = frames.reduce((total, frame) => total + frame.length, 0);
  if (!notFound && size <= MAX_CACHED_RESULT_CHARS) {
    // Read after the run: a login call caches its answer for the user it logged in.
    const { sessionId, userId } = session.state();
    try {
      env.storage.cacheResult(sessionId as string, message.id, userId, frames, env.now());
    } catch (error) {
      console.error("live: could not cache a method result", error);
    }
  }
  return frames;
}

/** The call's outcome; a call refused before it runs (unknown method, the budget) throws. */
function run<H>(session: MethodSession<H>, message: MethodMessage, unblock: () => void): Promise<CallOutcome<unknown>> {
  const { env } = session;
  const ctx: MethodContext<H> = {
    ...session.caller(),
    host: env.host,
    randomSeed: message.randomSeed,
    loginTokenHash: session.state().loginTokenHash ?? null,
    unblock,
    setUserId: (userId, loginTokenHash = null) => session.setUser(userId, loginTokenHash),
  };
  const body = methodBody(env.registry, message, ctx);
  if (!body) throw new LiveError(404, `Method '${message.method}' not found`);
  session.rateLimit(message.method);
  return runAsCall(callKey({ ...ctx, method: message.method, methodId: message.id }), body);
}

/** What the call runs: a registered method, or an allow/deny collection write; null if neither. */
function methodBody<H>(
  registry: LiveRegistry<H>,
  message: MethodMessage,
  ctx: MethodContext<H>,
): (() => unknown) | null {
  const definition = registry.methods.get(message.method);
  if (definition) return () => definition.run(ctx, ...parseArgs(definition.args, message.params));
  const write = parseWriteMethod(message.method);
  const collection = write && registry.collections.get(write.collection);
  return write && collection ? () => runWrite(collection, write.operation, ctx, message.params) : null;
}
