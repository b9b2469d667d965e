/**
 * The signed-in user's own document, as Meteor sends it: on every logged-in
 * connection, with no `sub`, the `users` document with `username`,
 * `emails` and `profile` (Meteor's universal publication in accounts-base),
 * `removed` on logout — so `Meteor.user()` and `Meteor.userId()` work in
 * Meteor's own clients. Changes made through this object (an address
 * verified) follow at once; `userDocChanged` tells every publication of
 * the user's document.
 */
import { COLLECTION } from "../../protocol/api";
import { equals } from "../../protocol/ejson";
import { emailsOf, findUserById, toUserDoc, type UserDoc } from "../db/users-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type Doc } from "../live/types";
import type { AccountsHost } from "./accounts-host";

/** The fields Meteor publishes of the current user. */
function ownFields(doc: Doc): Record<string, unknown> {
  const fields: Record<string, unknown> = { emails: doc.emails, profile: doc.profile };
  if (doc.username !== undefined) fields.username = doc.username;
  return fields;
}

export async function currentUserDoc(host: AccountsHost, userId: string): Promise<UserDoc | null> {
  const row = await findUserById(host.db, userId);
  return row ? toUserDoc(row, await emailsOf(host.db, row.id)) : null;
}

/** Re-reads a user's document after a change and tells this object's publications (named and universal). */
export async function userDocChanged(host: AccountsHost, userId: string, previous: UserDoc | null): Promise<void> {
  const doc = await currentUserDoc(host, userId);
  host.emit({
    collection: COLLECTION.USERS,
    id: userId,
    doc: doc ? asDoc(doc) : null,
    previous: previous ? asDoc(previous) : null,
  });
}

export function registerCurrentUser<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  registry.publishUniversal("accounts.currentUser", {
    run: async (ctx) => {
      const userId = ctx.userId;
      if (!userId) return;
      let sent: Record<string, unknown> | null = null;
      // Listening first: a change while the document is read is applied after it.
      const pending: Doc[] = [];
      let reading = true;
      const apply = (doc: Doc | null) => {
        if (!doc) {
          if (sent) ctx.removed(COLLECTION.USERS, userId);
          sent = null;
          return;
        }
        const next = ownFields(doc);
        if (!sent) ctx.added(COLLECTION.USERS, userId, next);
        else {
          const diff: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(next)) if (!equals(value, sent[key])) diff[key] = value;
          for (const key of Object.keys(sent)) if (!(key in next)) diff[key] = undefined;
          if (Object.keys(diff).length > 0) ctx.changed(COLLECTION.USERS, userId, diff);
        }
        sent = next;
      };
      ctx.onChange((change) => {
        if (change.collection !== COLLECTION.USERS || change.id !== userId) return;
        if (reading) {
          if (change.doc) pending.push(change.doc);
          return;
        }
        apply(change.doc);
      });
      const doc = await currentUserDoc(ctx.host, userId);
      reading = false;
      apply(doc ? asDoc(doc) : null);
      for (const later of pending.splice(0)) apply(later);
    },
  });
}
