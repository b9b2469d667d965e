/**
 * Client writes to a collection through `/<collection>/insert|update|remove`,
 * each checked by allow/deny rules (Meteor's allow-deny): with no rules every
 * write is refused; any deny rule returning true refuses; otherwise some
 * allow rule must return true. Update and remove target one document by id.
 */
import type { Fields } from "../../protocol/ddp";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import { RandomStream } from "../../protocol/random-stream";
import { applyModifier, modifiedFields, modifierOperators } from "./modifier";
import type { Doc, MethodContext } from "./types";

export interface WriteRules<H> {
  insert?(ctx: MethodContext<H>, doc: Doc): boolean | Promise<boolean>;
  update?(ctx: MethodContext<H>, doc: Doc, fieldNames: string[], modifier: Fields): boolean | Promise<boolean>;
  remove?(ctx: MethodContext<H>, doc: Doc): boolean | Promise<boolean>;
}

/** A collection clients may write to; the feature supplies storage. */
export interface WritableCollection<H> {
  name: string;
  allow: WriteRules<H>[];
  deny: WriteRules<H>[];
  findOne(host: H, id: string): Promise<Doc | null>;
  /** Each write must validate the document and emit its change; `ctx` says who is writing. */
  insert(ctx: MethodContext<H>, doc: Doc): Promise<void>;
  update(ctx: MethodContext<H>, next: Doc, previous: Doc): Promise<void>;
  remove(ctx: MethodContext<H>, previous: Doc): Promise<void>;
}

type Operation = "insert" | "update" | "remove";

const accessDenied = () => new LiveError(403, ERROR_TEXT.ACCESS_DENIED);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Splits `/items/update` into its collection and operation. */
export function parseWriteMethod(name: string): { collection: string; operation: Operation } | null {
  const match = /^\/([^/]+)\/(insert|update|remove)$/.exec(name);
  return match ? { collection: match[1] as string, operation: match[2] as Operation } : null;
}

function idFromSelector(selector: unknown): string {
  if (typeof selector === "string") return selector;
  if (isRecord(selector) && typeof selector._id === "string" && Object.keys(selector).length === 1) {
    return selector._id;
  }
  throw new LiveError(403, ERROR_TEXT.NOT_BY_ID);
}

async function permitted<H>(
  collection: WritableCollection<H>,
  operation: Operation,
  check: (rules: WriteRules<H>) => boolean | Promise<boolean> | undefined,
): Promise<void> {
  const allows = collection.allow.filter((rules) => rules[operation]);
  if (allows.length === 0) throw accessDenied();
  for (const rules of collection.deny) {
    if (rules[operation] && (await check(rules))) throw accessDenied();
  }
  for (const rules of allows) if (await check(rules)) return;
  throw accessDenied();
}

/** Runs one client write; returns what Meteor returns (id or count). */
export async function runWrite<H>(
  collection: WritableCollection<H> | undefined,
  operation: Operation,
  ctx: MethodContext<H>,
  params: unknown[],
): Promise<unknown> {
  if (!collection) throw accessDenied();
  if (operation === "insert") {
    const [doc] = params;
    if (!isRecord(doc)) throw new LiveError(400, "Document must be an object");
    if (doc._id !== undefined && (typeof doc._id !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(doc._id))) {
      throw new LiveError(400, "Malformed id");
    }
    // Without an _id, Meteor's: from the call's seed, so a re-sent insert makes the same document.
    const id = typeof doc._id === "string" ? doc._id : new RandomStream(ctx.randomSeed).id(collection.name);
    const full = { ...doc, _id: id } as Doc;
    await permitted(collection, "insert", (rules) => rules.insert?.(ctx, full));
    await collection.insert(ctx, full);
    return id;
  }
  const [selector, modifier] = params;
  const id = idFromSelector(selector);
  if (operation === "update") modifierOperators(modifier);
  const existing = await collection.findOne(ctx.host, id);
  if (!existing) return 0;
  if (operation === "remove") {
    await permitted(collection, "remove", (rules) => rules.remove?.(ctx, existing));
    await collection.remove(ctx, existing);
    return 1;
  }
  const mod = modifier as Fields;
  await permitted(collection, "update", (rules) => rules.update?.(ctx, existing, modifiedFields(mod), mod));
  const next = { ...applyModifier(existing, mod), _id: id } as Doc;
  await collection.update(ctx, next, existing);
  return 1;
}
