/**
 * Links an outside service can fetch photos from: each photo's web copy
 * (or the best shareable version), signed for a while (signed-links.ts).
 * The store sends these to Shopify when it publishes an item.
 */
import { findRoomFile, toFileDoc, versionsOf } from "../db/room/files-repo";
import type { RoomHost } from "../rooms/room-host";
import { shareableVersion } from "./shareable-version";
import { servedVersion, signFileLink } from "./signed-links";

export async function photoLinks(host: RoomHost, photoIds: readonly string[], origin: string): Promise<string[]> {
  const now = host.now();
  const links: string[] = [];
  for (const photoId of photoIds) {
    const file = await findRoomFile(host.roomDb, host.roomId, photoId);
    if (!file) continue;
    const versions = versionsOf(file);
    const version = shareableVersion(file, versions, "web");
    if (!version || !(version in versions)) continue;
    const path = toFileDoc(file).versions[version]?.path;
    if (!path) continue;
    const served = servedVersion(file, version);
    if (served) links.push(`${origin}${path}?token=${await signFileLink(host.env, served, now)}`);
  }
  return links;
}
