import { COLLECTION } from "../../protocol/api";
import type { FileDoc } from "../../protocol/files";
import { type LiveDoc, useFind } from "../live";

const isLogo = (doc: LiveDoc): doc is LiveDoc & FileDoc => doc._collectionName === "roomLogos";
const newestFirst = (a: FileDoc, b: FileDoc) => b.createdAt.getTime() - a.createdAt.getTime();

/** The room's logos, newest first: the first is the one in use (the rest are being replaced). */
export function useRoomLogos(): readonly FileDoc[] {
  return useFind(COLLECTION.FILES, isLogo, newestFirst);
}

/** Where the room's logo is served (same origin, so QR canvases can draw it), or null. */
export function useRoomLogoUrl(): string | null {
  return useRoomLogos()[0]?.path ?? null;
}
