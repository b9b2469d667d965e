/**
 * The signed-in user's own document, as Meteor sends it: on every logged-in
 * connection, with no `sub`, the `users` document with `username`,
 * `emails` and `profile` (Meteor's universal publication in accounts-base),
 * `removed` on logout — so `Meteor.user()` and `Meteor.userId()` work in
 * Meteor's own clients. A change (an address verified) follows at once on
 * every connection of the user: `userDocChanged` tells this object's
 * publications, then the other objects the user's tokens were used on.
 */
import { COLLECTION } from "../../protocol/api";
import { emailsOf, findUserById, toUserDoc, type UserDoc, userTokenPlaces } from "../db/directory/users-repo";
import { KeyedQueue } from "../keyed-queue";
import type { LiveRegistry } from "../live/registry";
import { asDoc, type Doc } from "../live/types";
import type { AccountsHost } from "./accounts-host";
import { callLiveObjects } from "./live-objects";

/** The fields Meteor publishes of the current user. */
function ownFields(doc: Doc): Doc {
  const own: Doc = { _id: doc._id, emails: doc.emails, profile: doc.profile };
  if (doc.username !== undefined) own.username = doc.username;
  return own;
}

export async function currentUserDoc(host: AccountsHost, userId: string): Promise<UserDoc | null> {
  const row = await findUserById(host.db, userId);
  return row ? toUserDoc(row, await emailsOf(host.db, row.id)) : null;
}

/** Re-reads a user's document after a change and tells every publication of it, on every object. */
export async function userDocChanged(host: AccountsHost, userId: string, previous: UserDoc | null): Promise<void> {
  const doc = await currentUserDoc(host, userId);
  host.emit({
    collection: COLLECTION.USERS,
    id: userId,
    doc: doc ? asDoc(doc) : null,
    previous: previous ? asDoc(previous) : null,
  });
  // The caller's answer does not wait for the user's other tabs and rooms.
  host.background("accounts: the user's document to their other objects", async () => {
    await callLiveObjects(host, await userTokenPlaces(host.db, userId), "refresh the user's document", {
      self: async () => {}, // told above
      remote: (object) => object.refreshUserDoc(userId),
    });
  });
}

/** Re-reads of user documents under way, per object and user (see refreshUserDoc). */
const refreshing = new WeakMap<AccountsHost, KeyedQueue>();

/**
 * Re-reads a user's document for this object's connections (RPC from the
 * object that changed it); nothing to do, and no read, if none is the user's.
 * Publications send only what differs from what they hold.
 */
export function refreshUserDoc(host: AccountsHost, userId: string): Promise<void> {
  if (!host.hasUserConnections(userId)) return Promise.resolve();
  // One re-read at a time per user: two quick changes must not have the older read sent last.
  let queue = refreshing.get(host);
  if (!queue) {
    queue = new KeyedQueue();
    refreshing.set(host, queue);
  }
  return queue.run(userId, async () => {
    const doc = await currentUserDoc(host, userId);
    host.emit({ collection: COLLECTION.USERS, id: userId, doc: doc ? asDoc(doc) : null, previous: null });
  });
}

export function registerCurrentUser<H extends AccountsHost>(registry: LiveRegistry<H>): void {
  // Every connection of the user on this object shares one observation (one read of the document).
  registry.publishUniversal("accounts.currentUser", {
    run: (ctx) => {
      const userId = ctx.userId;
      if (!userId) return;
      return {
        kind: "observed",
        collection: COLLECTION.USERS,
        key: `own:${userId}`,
        fetch: async () => {
          const doc = await currentUserDoc(ctx.host, userId);
          return doc ? [ownFields(asDoc(doc))] : [];
        },
        matches: (doc) => doc._id === userId,
        project: ownFields,
      };
    },
  });
}
