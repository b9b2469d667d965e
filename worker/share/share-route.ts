/**
 * The read-only share page's data, for anyone holding an item's public link
 * and no one else: `GET /api/share/s/<code>` (the short link labels encode)
 * or `GET /api/share/<room>/<item>/<sig>` (the signed link of earlier
 * labels, still honoured). A wrong code or signature and a missing item
 * answer alike, so the route says nothing about which items exist. The
 * code leads to the room (D1, the directory); the room answers the page
 * (shared-item.ts).
 */
import { type Context, Hono } from "hono";
import { getServerByName } from "partyserver";
import type { SharedItem } from "../../protocol/api";
import { sharedCodeNearby } from "../db/directory/directory-reads";
import { SHARE_CODE_PATTERN } from "../db/directory/share-codes-repo";
import type { RoomDO } from "../objects/room-do";
import { shareSignatureValid } from "../rooms/share-links";

const SAFE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const NOT_FOUND = "This link is not valid, or the item is no longer shared";

type ShareContext = Context<{ Bindings: Env }>;

export const shareRoutes = new Hono<{ Bindings: Env }>();

shareRoutes.get("/s/:code", async (c) => {
  const { code } = c.req.param();
  const found = SHARE_CODE_PATTERN.test(code) ? await sharedCodeNearby(c.env.DB, code) : null;
  return found ? sharedItemResponse(c, found.roomId, found.itemId) : c.json({ error: NOT_FOUND }, 404);
});

shareRoutes.get("/:roomId/:itemId/:signature", async (c) => {
  const { roomId, itemId, signature } = c.req.param();
  const valid =
    SAFE_ID.test(roomId) && SAFE_ID.test(itemId) && (await shareSignatureValid(c.env, roomId, itemId, signature));
  if (!valid) return c.json({ error: NOT_FOUND }, 404);
  return sharedItemResponse(c, roomId, itemId);
});

async function sharedItemResponse(c: ShareContext, roomId: string, itemId: string) {
  const room = await getServerByName(c.env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
  const shared = (await room.sharedItem(itemId)) as SharedItem | null;
  if (!shared) return c.json({ error: NOT_FOUND }, 404);
  c.header("Cache-Control", "no-store");
  return c.json(shared);
}
