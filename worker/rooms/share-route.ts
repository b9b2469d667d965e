/**
 * `GET /api/share/<room>/<item>/<sig>`: the read-only share page's data,
 * for anyone holding the signed link and no one else. A wrong signature
 * and a missing item answer alike, so the route says nothing about which
 * items exist.
 */
import { Hono } from "hono";
import type { SharedItem } from "../../protocol/api";
import { openDatabase } from "../db/database";
import { findRoomFile, toFileDoc, versionsOf } from "../db/files-repo";
import { findItem, toItemDoc } from "../db/items-repo";
import { shareableVersion } from "../files/shareable-version";
import { signFileLink } from "../files/signed-links";
import { shareSignatureValid } from "./share-links";

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const NOT_FOUND = "This link is not valid, or the item is no longer shared";

export const shareRoutes = new Hono<{ Bindings: Env }>();

shareRoutes.get("/:roomId/:itemId/:signature", async (c) => {
  const { roomId, itemId, signature } = c.req.param();
  const valid =
    SAFE_ID.test(roomId) && SAFE_ID.test(itemId) && (await shareSignatureValid(c.env, roomId, itemId, signature));
  const db = openDatabase(c.env.DB);
  const row = valid ? await findItem(db, roomId, itemId) : null;
  if (!row) return c.json({ error: NOT_FOUND }, 404);
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
  };
  // The photo links inside expire, so the answer must not be cached.
  c.header("Cache-Control", "no-store");
  return c.json(shared);
});
