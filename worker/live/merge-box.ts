/**
 * The per-connection merge box (Meteor's SessionCollectionView): what this
 * client has been sent, so that overlapping subscriptions never send a
 * document twice.
 *
 * Per document we keep the set of subscriptions holding it and, per top-level
 * field, the list of (subscription, value) that supply it. The first supplier
 * of a field wins; a change is sent only when it comes from the winner and the
 * value differs; a field a subscription lets go falls back to the next
 * supplier's value or is cleared; `removed` goes out when the last
 * subscription lets go.
 */
import type { DataMessage, Fields } from "../../protocol/ddp";
import { clone, equals } from "../../protocol/ejson";

interface Supplier {
  sub: string;
  value: unknown;
}

class DocumentView {
  readonly subs = new Set<string>();
  readonly fields = new Map<string, Supplier[]>();

  /** Current value of each field as the client sees it. */
  snapshot(): Fields {
    const out: Fields = {};
    for (const [key, suppliers] of this.fields) out[key] = clone(suppliers[0]?.value);
    return out;
  }

  /** Records `sub`'s value; returns true if the client's value changes. */
  setField(sub: string, key: string, value: unknown, collector: Fields, isAdd: boolean): void {
    const suppliers = this.fields.get(key);
    if (!suppliers) {
      this.fields.set(key, [{ sub, value: clone(value) }]);
      collector[key] = clone(value);
      return;
    }
    const own = suppliers.find((s) => s.sub === sub);
    if (own) {
      if (suppliers[0] === own && !equals(own.value, value)) collector[key] = clone(value);
      own.value = clone(value);
      return;
    }
    // Another subscription already supplies this field: keep the winner's
    // value; on add Meteor only sends fields the client does not have.
    suppliers.push({ sub, value: clone(value) });
    if (!isAdd && suppliers[0]?.sub === sub) collector[key] = clone(value);
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
      changed[key] = clone(suppliers[0]?.value);
    }
  }
}

/** Whether `collected` holds every field of `given` (and nothing else): then they carry the same values. */
function sameFields(collected: Fields, given: Fields): boolean {
  let count = 0;
  for (const key in given) {
    if (key === "_id" || given[key] === undefined || !(key in collected)) return false;
    count++;
  }
  return count === Object.keys(collected).length;
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

  added(sub: string, collection: string, id: string, fields: Fields): void {
    let docs = this.collections.get(collection);
    if (!docs) {
      docs = new Map();
      this.collections.set(collection, docs);
    }
    let doc = docs.get(id);
    const isNew = !doc;
    if (!doc) {
      doc = new DocumentView();
      docs.set(id, doc);
    }
    doc.subs.add(sub);
    const collected: Fields = {};
    for (const [key, value] of Object.entries(fields)) {
      if (key !== "_id" && value !== undefined) doc.setField(sub, key, value, collected, true);
    }
    if (isNew) {
      // All of them, as given: pass the caller's object on (shared by every connection, encoded once).
      this.send({ msg: "added", collection, id, fields: sameFields(collected, fields) ? fields : collected });
    } else if (Object.keys(collected).length > 0) {
      this.send({ msg: "changed", collection, id, fields: collected });
    }
  }

  /** `fields` values of `undefined` mean the field was removed. */
  changed(sub: string, collection: string, id: string, fields: Fields): void {
    const doc = this.collections.get(collection)?.get(id);
    if (!doc?.subs.has(sub)) return;
    const changed: Fields = {};
    const cleared: string[] = [];
    for (const [key, value] of Object.entries(fields)) {
      if (key === "_id") continue;
      if (value === undefined) doc.clearField(sub, key, changed, cleared);
      else doc.setField(sub, key, value, changed, false);
    }
    // The usual case — the whole change goes out as given: pass the caller's object on.
    this.sendChange(collection, id, cleared.length === 0 && sameFields(changed, fields) ? fields : changed, cleared);
  }

  removed(sub: string, collection: string, id: string): void {
    const docs = this.collections.get(collection);
    const doc = docs?.get(id);
    if (!docs || !doc?.subs.has(sub)) return;
    doc.subs.delete(sub);
    if (doc.subs.size === 0) {
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
        if (doc.subs.has(sub)) this.removed(sub, collection, id);
      }
    }
  }

  private sendChange(collection: string, id: string, changed: Fields, cleared: string[]): void {
    const hasFields = Object.keys(changed).length > 0;
    if (!hasFields && cleared.length === 0) return;
    const message: DataMessage = { msg: "changed", collection, id };
    if (hasFields) message.fields = changed;
    if (cleared.length > 0) message.cleared = cleared;
    this.send(message);
  }
}
