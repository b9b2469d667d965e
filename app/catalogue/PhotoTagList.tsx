import type { FileDoc } from "../../protocol/files";
import { mapLink, type PhotoTags } from "../files/photo-tags";

/** "Canon" and "Canon EOS R6" → "Canon EOS R6": most makers repeat their name in the model. */
export function cameraName(make: string | undefined, model: string | undefined): string {
  if (make && model?.toLowerCase().startsWith(make.toLowerCase())) return model;
  return [make, model].filter(Boolean).join(" ");
}

/** The camera, caption, time and place read from a photo when it was chosen (docs/protocol.md §6). */
export function PhotoTagList({ file }: { file: FileDoc }) {
  const tags = (file.meta.tags ?? {}) as PhotoTags;
  const camera = cameraName(tags.camera?.make, tags.camera?.model);
  const hasTags = camera || tags.camera?.lens || tags.caption || tags.takenAt || tags.position;
  if (!hasTags) return null;
  return (
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
  );
}
