/**
 * The read-only share page's data, for anyone holding an item's public link
 * and no one else: `GET /api/share/s/<code>` (the short link labels encode)
 * or `GET /api/share/<room>/<item>/<sig>` (the signed link of earlier
 * labels, still honoured). A wrong code or signature and a missing item
 * answer alike, so the route says nothing about which items exist.
 */
import { and, desc, eq } from "drizzle-orm";
import { type Context, Hono } from "hono";
import type { SharedItem } from "../../protocol/api";
import { type Database, openDatabase } from "../db/database";
import { findRoomFile, toFileDoc, versionsOf } from "../db/files-repo";
import { findItem, toItemDoc } from "../db/items-repo";
import { findRoom } from "../db/rooms-repo";
import { files } from "../db/schema";
import { findShareCode, SHARE_CODE_PATTERN } from "../db/share-codes-repo";
import { shareableVersion } from "../files/shareable-version";
import { signFileLink } from "../files/signed-links";
import { shareSignatureValid } from "../rooms/share-links";

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const NOT_FOUND = "This link is not valid, or the item is no longer shared";

type ShareContext = Context<{ Bindings: Env }>;

export const shareRoutes = new Hono<{ Bindings: Env }>();

shareRoutes.get("/s/:code", async (c) => {
  const { code } = c.req.param();
  const db = openDatabase(c.env.DB);
  const found = SHARE_CODE_PATTERN.test(code) ? await findShareCode(db, code) : null;
  return found ? sharedItemResponse(c, db, found.roomId, found.itemId) : c.json({ error: NOT_FOUND }, 404);
});

shareRoutes.get("/:roomId/:itemId/:signature", async (c) => {
  const { roomId, itemId, signature } = c.req.param();
  const valid =
    SAFE_ID.test(roomId) && SAFE_ID.test(itemId) && (await shareSignatureValid(c.env, roomId, itemId, signature));
  if (!valid) return c.json({ error: NOT_FOUND }, 404);
  return sharedItemResponse(c, openDatabase(c.env.DB), roomId, itemId);
});

/** The room's logo in use (its newest), as a signed, expiring link; null without one. */
async function shopLogoUrl(env: Env, db: Database, roomId: string, now: number): Promise<string | null> {
  const logo = await db
    .select()
    .from(files)
    .where(and(eq(files.roomId, roomId), eq(files.collection, "roomLogos")))
    .orderBy(desc(files.createdAt))
    .limit(1)
    .get();
  if (!logo) return null;
  return `${toFileDoc(logo).path}?token=${await signFileLink(env, logo.id, "original", now)}`;
}

async function sharedItemResponse(c: ShareContext, db: Database, roomId: string, itemId: string) {
  const row = await findItem(db, roomId, itemId);
  const room = row ? await findRoom(db, roomId) : null;
  if (!row || !room) return c.json({ error: NOT_FOUND }, 404);
  const item = toItemDoc(row);
  const now = Date.now();
  const photos: SharedItem["photos"] = [];
  for (const photoId of item.photos) {
    const file = await findRoomFile(db, roomId, photoId);
    if (!file) continue;
    const versions = versionsOf(file);
    const version = shareableVersion(file, versions, "web");
    if (!version || !(version in versions)) continue;
    const doc = toFileDoc(file);
    const link = async (name: string) =>
      `${doc.versions[name]?.path ?? doc.path}?token=${await signFileLink(c.env, file.id, name, now)}`;
    photos.push({ url: await link(version), thumbnailUrl: "thumbnail" in versions ? await link("thumbnail") : null });
  }
  // Field by field, never spread from the item: the page is public, and a
  // field items gain later must not appear here unasked.
  const shared: SharedItem = {
    title: item.title,
    description: item.description,
    priceCents: item.priceCents,
    currency: item.currency,
    photos,
    shop: { name: room.name, logoUrl: await shopLogoUrl(c.env, db, roomId, now) },
  };
  // The photo links inside expire, so the answer must not be cached.
  c.header("Cache-Control", "no-store");
  return c.json(shared);
}
