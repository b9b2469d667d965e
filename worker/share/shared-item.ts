/**
 * What an item's public share page shows (title, price, web photos, the
 * shop's name and logo), read by the room that holds the item. Photos and
 * logo come as signed, expiring links, which serve without D1 or the room.
 */

import { and, desc, eq } from "drizzle-orm";
import type { SharedItem } from "../../protocol/api";
import { findRoomFile, toFileDoc, versionsOf } from "../db/room/files-repo";
import { findItem, toItemDoc } from "../db/room/items-repo";
import { type FileRow, files } from "../db/room/room-schema";
import { shareableVersion } from "../files/shareable-version";
import { servedVersion, signFileLink } from "../files/signed-links";
import type { RoomHost } from "../rooms/room-host";
import { roomRecord } from "../rooms/room-record";

async function signedPath(host: RoomHost, file: FileRow, version: string, now: number): Promise<string | null> {
  const served = servedVersion(file, version);
  if (!served) return null;
  const doc = toFileDoc(file);
  return `${doc.versions[version]?.path ?? doc.path}?token=${await signFileLink(host.env, served, now)}`;
}

/** The room's logo in use (its newest), as a signed, expiring link; null without one. */
async function shopLogoUrl(host: RoomHost, now: number): Promise<string | null> {
  const logo = await host.roomDb
    .select()
    .from(files)
    .where(and(eq(files.roomId, host.roomId), eq(files.collection, "roomLogos")))
    .orderBy(desc(files.createdAt))
    .limit(1)
    .get();
  return logo ? signedPath(host, logo, "original", now) : null;
}

/** The item's share page, or null when the item (or its room) is gone. */
export async function sharedItem(host: RoomHost, itemId: string): Promise<SharedItem | null> {
  const row = await findItem(host.roomDb, host.roomId, itemId);
  const room = row ? await roomRecord(host) : null;
  if (!row || !room) return null;
  const item = toItemDoc(row);
  const now = host.now();
  const photos: SharedItem["photos"] = [];
  for (const photoId of item.photos) {
    const file = await findRoomFile(host.roomDb, host.roomId, photoId);
    if (!file) continue;
    const versions = versionsOf(file);
    const version = shareableVersion(file, versions, "web");
    const url = version ? await signedPath(host, file, version, now) : null;
    if (!url) continue;
    photos.push({ url, thumbnailUrl: "thumbnail" in versions ? await signedPath(host, file, "thumbnail", now) : null });
  }
  return {
    title: item.title,
    description: item.description,
    priceCents: item.priceCents,
    currency: item.currency,
    // A draft may have none yet: only an item on offer (ready or listed) with none left is sold out.
    sold: item.status === "sold" || (item.quantity <= 0 && (item.status === "ready" || item.status === "listed")),
    photos,
    shop: { name: room.name, logoUrl: await shopLogoUrl(host, now) },
    options: item.options ?? [],
    variants: (item.variants ?? []).map((variant) => ({
      values: variant.values,
      priceCents: variant.priceCents,
      soldOut: variant.quantity <= 0,
    })),
  };
}
