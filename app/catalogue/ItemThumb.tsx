/**
 * An item's first photo, small, beside its title — the tag-free thumbnail
 * copy (everyone in the room may see it), or a quiet placeholder until there
 * is one. Photo details are on the item page, not in the list.
 */
import { useCallback } from "react";
import { COLLECTION } from "../../protocol/api";
import type { FileDoc } from "../../protocol/files";
import { type LiveDoc, useFind } from "../live";

export function ItemThumb({ photoId, title }: { photoId: string | undefined; title: string }) {
  const isPhoto = useCallback((doc: LiveDoc): doc is LiveDoc & FileDoc => doc._id === photoId, [photoId]);
  const [photo] = useFind(COLLECTION.FILES, isPhoto);
  const src = photo?.versions.thumbnail?.path;
  if (!src) {
    return (
      <span className="item-thumb item-thumb-empty" aria-hidden="true">
        {Array.from(title.trim())[0]?.toUpperCase() ?? "·"}
      </span>
    );
  }
  return <img className="item-thumb" src={src} alt={title} loading="lazy" width={40} height={40} />;
}
