/**
 * DDP version 1 wire messages (Meteor's DDP.md). Both directions are
 * discriminated unions; `parseClientMessage` and `parseServerMessage` are the
 * only places raw frames become typed messages, and `encode` the only place
 * typed messages become text frames (`encodeFrame` in binary-frame.ts picks
 * a binary frame for a client message carrying bytes).
 */

import { decodeBinaryFrame } from "./binary-frame";
import { parse, stringify } from "./ejson";
import { DDP_ERROR, type DdpErrorReason, type WireError } from "./errors";

export type Fields = Record<string, unknown>;

export type ClientMessage =
  | {
      msg: "connect";
      version: string;
      support: string[];
      session?: string;
      /**
       * Stockroom's extension: this client also reads a frame holding a JSON
       * array of messages, so a burst (a subscription's initial documents)
       * travels in a few frames instead of one per message. Servers that do
       * not know it ignore it, as Meteor ignores unknown fields.
       */
      batch?: boolean;
    }
  | { msg: "ping"; id?: string }
  | { msg: "pong"; id?: string }
  | { msg: "sub"; id: string; name: string; params: unknown[] }
  | { msg: "unsub"; id: string }
  | { msg: "method"; id: string; method: string; params: unknown[]; randomSeed?: string };

export type DataMessage =
  | { msg: "added"; collection: string; id: string; fields?: Fields }
  | { msg: "changed"; collection: string; id: string; fields?: Fields; cleared?: string[] }
  | { msg: "removed"; collection: string; id: string };

export type ServerMessage =
  | { msg: "connected"; session: string }
  | { msg: "failed"; version: string }
  | { msg: "ping"; id?: string }
  | { msg: "pong"; id?: string }
  | { msg: "nosub"; id: string; error?: WireError }
  | { msg: "ready"; subs: string[] }
  | DataMessage
  | { msg: "result"; id: string; result?: unknown; error?: WireError }
  | { msg: "updated"; methods: string[] }
  | { msg: "error"; reason: string; offendingMessage?: unknown };

export type ParsedClientFrame =
  | { kind: "message"; message: ClientMessage }
  /** A `connect` whose version fields are unusable: answer `failed`. */
  | { kind: "bad-connect"; session?: string }
  | { kind: "error"; reason: DdpErrorReason; offendingMessage?: unknown };

type Raw = Record<string, unknown>;

function isRaw(value: unknown): value is Raw {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === "string";
/** Ids the server stores (method results, subscriptions) are kept short. */
export const MAX_ID_LENGTH = 128;
const isId = (value: unknown): value is string => isString(value) && value.length > 0 && value.length <= MAX_ID_LENGTH;
const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);
const optionalString = (value: unknown): boolean => value === undefined || isString(value);

/**
 * Decodes one frame from a client: JSON text, or a binary frame carrying
 * bytes beside its JSON (protocol/binary-frame.ts). Never throws.
 */
export function parseClientMessage(frame: string | ArrayBuffer | ArrayBufferView): ParsedClientFrame {
  let raw: unknown;
  try {
    raw = typeof frame === "string" ? parse(frame) : decodeBinaryFrame(frame);
  } catch {
    return { kind: "error", reason: DDP_ERROR.PARSE };
  }
  if (!isRaw(raw) || !isString(raw.msg)) {
    return { kind: "error", reason: DDP_ERROR.BAD_REQUEST, offendingMessage: raw };
  }
  switch (raw.msg) {
    case "connect": {
      const session = isString(raw.session) ? raw.session : undefined;
      if (!isString(raw.version) || !isStringArray(raw.support) || !raw.support.includes(raw.version)) {
        return session === undefined ? { kind: "bad-connect" } : { kind: "bad-connect", session };
      }
      const message: ClientMessage = { msg: "connect", version: raw.version, support: raw.support };
      if (session !== undefined) message.session = session;
      if (raw.batch === true) message.batch = true;
      return { kind: "message", message };
    }
    case "ping":
    case "pong":
      return { kind: "message", message: isString(raw.id) ? { msg: raw.msg, id: raw.id } : { msg: raw.msg } };
    case "sub": {
      const params = raw.params ?? [];
      if (!isId(raw.id) || !isString(raw.name) || !Array.isArray(params)) {
        return { kind: "error", reason: DDP_ERROR.MALFORMED_SUB, offendingMessage: raw };
      }
      return { kind: "message", message: { msg: "sub", id: raw.id, name: raw.name, params } };
    }
    case "unsub":
      if (!isString(raw.id)) return { kind: "error", reason: DDP_ERROR.MALFORMED_SUB, offendingMessage: raw };
      return { kind: "message", message: { msg: "unsub", id: raw.id } };
    case "method": {
      const params = raw.params ?? [];
      if (!isId(raw.id) || !isString(raw.method) || !Array.isArray(params) || !optionalString(raw.randomSeed)) {
        return { kind: "error", reason: DDP_ERROR.MALFORMED_METHOD, offendingMessage: raw };
      }
      const message: ClientMessage = { msg: "method", id: raw.id, method: raw.method, params };
      if (isString(raw.randomSeed)) message.randomSeed = raw.randomSeed;
      return { kind: "message", message };
    }
    default:
      return { kind: "error", reason: DDP_ERROR.BAD_REQUEST, offendingMessage: raw };
  }
}

function isFields(value: unknown): value is Fields | undefined {
  return value === undefined || isRaw(value);
}

/**
 * Decodes one frame from the server. Returns null for anything the client
 * cannot use (the client then ignores it, as Meteor's does).
 */
export function parseServerMessage(text: string): ServerMessage | null {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch {
    return null;
  }
  return toServerMessage(raw);
}

/**
 * Decodes one frame from the server: one message, or (to a client that
 * asked for `batch`) an array of them. Unusable messages are left out.
 */
export function parseServerFrame(text: string): ServerMessage[] {
  let raw: unknown;
  try {
    raw = parse(text);
  } catch {
    return [];
  }
  const messages = Array.isArray(raw) ? raw.map(toServerMessage) : [toServerMessage(raw)];
  return messages.filter((message): message is ServerMessage => message !== null);
}

function toServerMessage(raw: unknown): ServerMessage | null {
  if (!isRaw(raw) || !isString(raw.msg)) return null;
  const r = raw as Raw & { msg: string };
  switch (r.msg) {
    case "connected":
      return isString(r.session) ? { msg: "connected", session: r.session } : null;
    case "failed":
      return { msg: "failed", version: isString(r.version) ? r.version : "" };
    case "ping":
    case "pong":
      return isString(r.id) ? { msg: r.msg, id: r.id } : { msg: r.msg };
    case "nosub":
      if (!isString(r.id)) return null;
      return r.error === undefined
        ? { msg: "nosub", id: r.id }
        : { msg: "nosub", id: r.id, error: r.error as WireError };
    case "ready":
      return isStringArray(r.subs) ? { msg: "ready", subs: r.subs } : null;
    case "added":
      if (!isString(r.collection) || !isString(r.id) || !isFields(r.fields)) return null;
      return { msg: "added", collection: r.collection, id: r.id, fields: (r.fields as Fields) ?? {} };
    case "changed": {
      if (!isString(r.collection) || !isString(r.id) || !isFields(r.fields)) return null;
      const cleared = isStringArray(r.cleared) ? r.cleared : undefined;
      const message: DataMessage = { msg: "changed", collection: r.collection, id: r.id };
      if (r.fields !== undefined) message.fields = r.fields as Fields;
      if (cleared) message.cleared = cleared;
      return message;
    }
    case "removed":
      if (!isString(r.collection) || !isString(r.id)) return null;
      return { msg: "removed", collection: r.collection, id: r.id };
    case "result": {
      if (!isString(r.id)) return null;
      if (r.error !== undefined) return { msg: "result", id: r.id, error: r.error as WireError };
      return "result" in r ? { msg: "result", id: r.id, result: r.result } : { msg: "result", id: r.id };
    }
    case "updated":
      return isStringArray(r.methods) ? { msg: "updated", methods: r.methods } : null;
    case "error":
      return { msg: "error", reason: isString(r.reason) ? r.reason : "", offendingMessage: r.offendingMessage };
    default:
      return null;
  }
}

/** The one place a message becomes a frame. */
export function encode(message: ServerMessage | ClientMessage): string {
  return stringify(message);
}

/** Picks the version to speak: the first of the client's list we support. */
export function negotiateVersion(support: readonly string[], ours: readonly string[]): string | undefined {
  return support.find((version) => ours.includes(version));
}
