import { useCallback } from "react";
import { COLLECTION } from "../../protocol/api";
import type { FileDoc } from "../../protocol/files";
import { type LiveDoc, useFind } from "../live";
import { PhotoTagList } from "./PhotoTagList";

/** An item's first photo as a thumbnail, with the photo's tags underneath. */
export function ItemPhoto({ photoId, title }: { photoId: string | undefined; title: string }) {
  const isPhoto = useCallback((doc: LiveDoc): doc is LiveDoc & FileDoc => doc._id === photoId, [photoId]);
  const [photo] = useFind(COLLECTION.FILES, isPhoto);
  if (!photo) return null;
  const src = photo.versions.thumbnail?.path ?? photo.path;
  return (
    <>
      <a href={photo.versions.web?.path ?? photo.path} target="_blank" rel="noreferrer">
        <img className="item-thumb" src={src} alt={title} loading="lazy" />
      </a>
      <PhotoTagList file={photo} />
    </>
  );
}
