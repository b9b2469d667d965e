import { useCallback } from "react";
import { COLLECTION } from "../../protocol/api";
import type { FileDoc } from "../../protocol/files";
import { mapLink, type PhotoTags } from "../files/photo-tags";
import { type LiveDoc, useFind } from "../live";

/** An item's first photo as a thumbnail, with the photo's tags underneath. */
export function ItemPhoto({ photoId, title }: { photoId: string | undefined; title: string }) {
  const isPhoto = useCallback((doc: LiveDoc): doc is LiveDoc & FileDoc => doc._id === photoId, [photoId]);
  const [photo] = useFind(COLLECTION.FILES, isPhoto);
  if (!photo) return null;
  const src = photo.versions.thumbnail?.path ?? photo.path;
  const tags = (photo.meta.tags ?? {}) as PhotoTags;
  const camera = [tags.camera?.make, tags.camera?.model].filter(Boolean).join(" ");
  const hasTags = camera || tags.camera?.lens || tags.caption || tags.takenAt || tags.position;
  return (
    <>
      <a href={photo.versions.web?.path ?? photo.path} target="_blank" rel="noreferrer">
        <img className="item-thumb" src={src} alt={title} loading="lazy" />
      </a>
      {hasTags && (
        <details className="photo-tags" data-testid="photo-tags">
          <summary>Photo details</summary>
          <dl>
            {camera && (
              <>
                <dt>Camera</dt>
                <dd>{camera}</dd>
              </>
            )}
            {tags.camera?.lens && (
              <>
                <dt>Lens</dt>
                <dd>{tags.camera.lens}</dd>
              </>
            )}
            {tags.caption && (
              <>
                <dt>Caption</dt>
                <dd>{tags.caption}</dd>
              </>
            )}
            {tags.takenAt && (
              <>
                <dt>Taken</dt>
                <dd>{tags.takenAt.replace("T", " ")}</dd>
              </>
            )}
            {tags.position && (
              <>
                <dt>Place</dt>
                <dd>
                  <a href={mapLink(tags.position)} target="_blank" rel="noreferrer">
                    {tags.position.latitude}, {tags.position.longitude} (map)
                  </a>
                </dd>
              </>
            )}
          </dl>
        </details>
      )}
    </>
  );
}
