/**
 * The per-connection merge box (Meteor's SessionCollectionView): what this
 * client has been sent, so that overlapping subscriptions never send a
 * document twice.
 *
 * A document held by one subscription — nearly every document — is kept as
 * a reference to the fields object that subscription gave: the same object
 * is given to every connection's merge box (subscription.ts computes each
 * document's fields and each change's diff once), so a room of 300
 * connections holds one copy of its documents, not 300. Field values are
 * never mutated anywhere in the live layer, so sharing them is safe.
 *
 * When a second subscription holds a document, its view becomes Meteor's:
 * per top-level field, the list of (subscription, value) that supply it. The
 * first supplier of a field wins; a change is sent only when it comes from
 * the winner and the value differs; a field a subscription lets go falls
 * back to the next supplier's value or is cleared; `removed` goes out when
 * the last subscription lets go.
 */
import type { DataMessage, Fields } from "../../protocol/ddp";
import { clone, equals } from "../../protocol/ejson";

interface Supplier {
  sub: string;
  value: unknown;
}

/** A document one subscription holds: the client has exactly `fields` (shared, immutable). */
class SoleView {
  constructor(
    readonly sub: string,
    public fields: Fields,
  ) {}

  holds(sub: string): boolean {
    return sub === this.sub;
  }

  snapshot(): Fields {
    const out: Fields = {};
    for (const key in this.fields) if (this.fields[key] !== undefined) out[key] = clone(this.fields[key]);
    return out;
  }

  /**
   * Applies `fields` (undefined = removed), recording what the client must
   * see. `after`, when given, is the whole document as the subscription now
   * has it — a shared object that becomes this view, so no copy is made.
   */
  change(fields: Fields, changed: Fields, cleared: string[], after?: Fields): void {
    const next: Fields | undefined = after ? undefined : { ...this.fields };
    for (const key in fields) {
      if (key === "_id") continue;
      const value = fields[key];
      // A field held as undefined was never sent: the client does not have it.
      const held = this.fields[key];
      if (value === undefined) {
        if (held !== undefined) cleared.push(key);
        if (next) delete next[key];
      } else {
        if (held === undefined || !equals(held, value)) changed[key] = value;
        if (next) next[key] = value;
      }
    }
    this.fields = after ?? (next as Fields);
  }

  /** The same document as a shared view (a second subscription now holds it too). */
  toShared(): SharedView {
    const view = new SharedView();
    view.subs.add(this.sub);
    for (const key in this.fields) {
      const value = this.fields[key];
      if (value !== undefined) view.fields.set(key, [{ sub: this.sub, value }]);
    }
    return view;
  }
}

/** A document more than one subscription holds: Meteor's per-field precedence. */
class SharedView {
  readonly subs = new Set<string>();
  readonly fields = new Map<string, Supplier[]>();

  holds(sub: string): boolean {
    return this.subs.has(sub);
  }

  /** Current value of each field as the client sees it. */
  snapshot(): Fields {
    const out: Fields = {};
    for (const [key, suppliers] of this.fields) out[key] = clone(suppliers[0]?.value);
    return out;
  }

  /** Records `sub`'s value, recording in `collector` what the client must see. */
  setField(sub: string, key: string, value: unknown, collector: Fields, isAdd: boolean): void {
    const suppliers = this.fields.get(key);
    if (!suppliers) {
      this.fields.set(key, [{ sub, value }]);
      collector[key] = value;
      return;
    }
    const own = suppliers.find((s) => s.sub === sub);
    if (own) {
      if (suppliers[0] === own && !equals(own.value, value)) collector[key] = value;
      own.value = value;
      return;
    }
    // Another subscription already supplies this field: keep the winner's
    // value; on add Meteor only sends fields the client does not have.
    suppliers.push({ sub, value });
    if (!isAdd && suppliers[0]?.sub === sub) collector[key] = value;
  }

  /** Drops `sub`'s value for `key`, recording what the client must see. */
  clearField(sub: string, key: string, changed: Fields, cleared: string[]): void {
    const suppliers = this.fields.get(key);
    if (!suppliers) return;
    const index = suppliers.findIndex((s) => s.sub === sub);
    if (index < 0) return;
    const [removed] = suppliers.splice(index, 1);
    if (suppliers.length === 0) {
      this.fields.delete(key);
      cleared.push(key);
    } else if (index === 0 && !equals(removed?.value, suppliers[0]?.value)) {
      changed[key] = suppliers[0]?.value;
    }
  }

  change(sub: string, fields: Fields, changed: Fields, cleared: string[]): void {
    for (const key in fields) {
      if (key === "_id") continue;
      const value = fields[key];
      if (value === undefined) this.clearField(sub, key, changed, cleared);
      else this.setField(sub, key, value, changed, false);
    }
  }
}

type DocumentView = SoleView | SharedView;

/** Whether `collected` holds every field of `given` (and nothing else): then they carry the same values. */
function sameFields(collected: Fields, given: Fields): boolean {
  let count = 0;
  for (const key in given) {
    if (key === "_id" || given[key] === undefined || !(key in collected)) return false;
    count++;
  }
  return count === Object.keys(collected).length;
}

function hasKeys(fields: Fields): boolean {
  for (const _ in fields) return true;
  return false;
}

export class MergeBox {
  private readonly collections = new Map<string, Map<string, DocumentView>>();

  /** `send` receives every data message this client must get, in order. */
  constructor(private readonly send: (message: DataMessage) => void) {}

  has(collection: string, id: string): boolean {
    return this.collections.get(collection)?.has(id) ?? false;
  }

  /** The fields the client holds for a document (for tests and rebuilds). */
  view(collection: string, id: string): Fields | undefined {
    return this.collections.get(collection)?.get(id)?.snapshot();
  }

  documentCount(): number {
    let count = 0;
    for (const docs of this.collections.values()) count += docs.size;
    return count;
  }

  /** `fields` is kept by reference: the caller never mutates it afterwards. */
  added(sub: string, collection: string, id: string, fields: Fields): void {
    let docs = this.collections.get(collection);
    if (!docs) {
      docs = new Map();
      this.collections.set(collection, docs);
    }
    const doc = docs.get(id);
    if (!doc) {
      const own = hasUndefinedOrId(fields) ? withoutUndefinedOrId(fields) : fields;
      docs.set(id, new SoleView(sub, own));
      // All of them, as given: pass the caller's object on (shared by every connection, encoded once).
      this.send({ msg: "added", collection, id, fields: own === fields ? fields : own });
      return;
    }
    const shared = doc instanceof SoleView ? doc.toShared() : doc;
    if (shared !== doc) docs.set(id, shared);
    shared.subs.add(sub);
    const collected: Fields = {};
    for (const key in fields) {
      const value = fields[key];
      if (key !== "_id" && value !== undefined) shared.setField(sub, key, value, collected, true);
    }
    if (hasKeys(collected)) this.send({ msg: "changed", collection, id, fields: collected });
  }

  /**
   * `fields` values of `undefined` mean the field was removed. `after`, when
   * given, is every field `sub` now supplies (shared, never mutated): the
   * view keeps it instead of building its own copy.
   */
  changed(sub: string, collection: string, id: string, fields: Fields, after?: Fields): void {
    const doc = this.collections.get(collection)?.get(id);
    if (!doc?.holds(sub)) return;
    const changed: Fields = {};
    const cleared: string[] = [];
    if (doc instanceof SoleView) doc.change(fields, changed, cleared, after);
    else doc.change(sub, fields, changed, cleared);
    // The usual case — the whole change goes out as given: pass the caller's object on.
    this.sendChange(collection, id, cleared.length === 0 && sameFields(changed, fields) ? fields : changed, cleared);
  }

  removed(sub: string, collection: string, id: string): void {
    const docs = this.collections.get(collection);
    const doc = docs?.get(id);
    if (!docs || !doc?.holds(sub)) return;
    if (doc instanceof SoleView || (doc.subs.delete(sub) && doc.subs.size === 0)) {
      docs.delete(id);
      if (docs.size === 0) this.collections.delete(collection);
      this.send({ msg: "removed", collection, id });
      return;
    }
    const changed: Fields = {};
    const cleared: string[] = [];
    for (const key of [...doc.fields.keys()]) doc.clearField(sub, key, changed, cleared);
    this.sendChange(collection, id, changed, cleared);
  }

  /** Removes everything a subscription supplied (on unsub or re-run). */
  removeSubscription(sub: string): void {
    for (const [collection, docs] of [...this.collections]) {
      for (const [id, doc] of [...docs]) {
        if (doc.holds(sub)) this.removed(sub, collection, id);
      }
    }
  }

  private sendChange(collection: string, id: string, changed: Fields, cleared: string[]): void {
    const hasFields = hasKeys(changed);
    if (!hasFields && cleared.length === 0) return;
    const message: DataMessage = { msg: "changed", collection, id };
    if (hasFields) message.fields = changed;
    if (cleared.length > 0) message.cleared = cleared;
    this.send(message);
  }
}

function hasUndefinedOrId(fields: Fields): boolean {
  for (const key in fields) if (key === "_id" || fields[key] === undefined) return true;
  return false;
}

/** A publication's fields without `_id` and unset values (what the client is sent and holds). */
function withoutUndefinedOrId(fields: Fields): Fields {
  const out: Fields = {};
  for (const key in fields) if (key !== "_id" && fields[key] !== undefined) out[key] = fields[key];
  return out;
}
