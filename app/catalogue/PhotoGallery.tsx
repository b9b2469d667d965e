import { type ChangeEvent, type DragEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { COLLECTION, type ItemDoc, METHOD, PUBLICATION } from "../../protocol/api";
import type { FileDoc } from "../../protocol/files";
import { errorMessage } from "../components/ErrorText";
import { addPhotosToItem } from "../files/photo-intake";
import { UploadProgress } from "../files/UploadProgress";
import type { Upload } from "../files/upload";
import { type LiveDoc, useConnection, useFind } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { PhotoTagList } from "./PhotoTagList";

const isFile = (doc: LiveDoc): doc is LiveDoc & FileDoc => typeof doc.versions === "object";

function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [taken] = next.splice(from, 1);
  if (taken !== undefined) next.splice(to, 0, taken);
  return next;
}

/**
 * An item's photos in their order; the first is the one lists and labels
 * show. Reorder by dragging, or from the keyboard: focus a photo and press
 * ← / → (or use its buttons). Each move is saved at once and announced.
 */
export function PhotoGallery({ roomId, item, canEdit }: { roomId: string; item: ItemDoc; canEdit: boolean }) {
  const call = useCall();
  const connection = useConnection();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  // The files publication sends what it is asked for: this item's photos.
  useSubscribe(PUBLICATION.FILES, item.photos);
  const files = useFind(COLLECTION.FILES, isFile);
  // While a move is being saved, show the new order rather than the old one.
  const [pending, setPending] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const order = pending ?? item.photos;
  const byId = new Map(files.map((file) => [file._id, file]));

  useEffect(() => {
    const id = focusAfterMove.current;
    if (!id) return;
    focusAfterMove.current = null;
    document.querySelector<HTMLElement>(`[data-photo-id="${id}"]`)?.focus();
  });

  /** Which move the shown order belongs to: only the latest one's end may drop it. */
  const latestMove = useRef(0);

  async function move(from: number, to: number) {
    const photoId = order[from];
    if (!photoId || to < 0 || to >= order.length || from === to) return;
    focusAfterMove.current = photoId;
    const mine = ++latestMove.current;
    setPending(moved(order, from, to));
    setError(null);
    try {
      // The server moves this photo within its current order, so other people's changes are kept.
      await call(METHOD.ITEMS_MOVE_PHOTO, item._id, photoId, to);
      setAnnouncement(`Photo moved to position ${to + 1} of ${order.length}`);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      if (latestMove.current === mine) setPending(null);
    }
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    if (!canEdit) return;
    const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    move(index, index + step);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = "";
    setError(null);
    addPhotosToItem(connection, roomId, item._id, chosen, (upload) => setUploads((all) => [...all, upload])).catch(
      (caught) => setError(errorMessage(caught)),
    );
  }

  const adder = canEdit && (
    <div className="gallery-add">
      <button type="button" className="secondary" onClick={() => input.current?.click()}>
        Add photos
      </button>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        data-testid="item-photo-input"
        onChange={choose}
      />
      {uploads.length > 0 && (
        <ul className="uploads">
          {uploads.map((upload) => (
            <UploadProgress key={upload.id} upload={upload} />
          ))}
        </ul>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    if (dragging !== null) move(dragging, index);
    setDragging(null);
  }

  if (order.length === 0) {
    return (
      <>
        <div className="empty-state gallery-empty">
          <p>No photos yet.</p>
        </div>
        {adder}
      </>
    );
  }
  return (
    <div className="gallery">
      {canEdit && order.length > 1 && (
        <p className="muted small" id="gallery-help">
          Drag photos to reorder, or focus one and press ← or →. The first photo is the main one.
        </p>
      )}
      <ol className="gallery-list" aria-label="Photos" aria-describedby={canEdit ? "gallery-help" : undefined}>
        {order.map((photoId, index) => {
          const file = byId.get(photoId);
          const src = file?.versions.web?.path ?? file?.versions.thumbnail?.path ?? file?.path;
          return (
            <li
              key={photoId}
              className={`gallery-photo${dragging === index ? " dragging" : ""}`}
              data-testid="gallery-photo"
              data-photo-id={photoId}
              // Focusable so the keyboard can pick up a photo and move it.
              tabIndex={canEdit ? 0 : undefined}
              aria-label={`Photo ${index + 1} of ${order.length}${file ? `: ${file.name}` : ""}`}
              draggable={canEdit}
              onDragStart={() => setDragging(index)}
              onDragEnd={() => setDragging(null)}
              onDragOver={(event) => canEdit && event.preventDefault()}
              onDrop={(event) => onDrop(event, index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <div className="gallery-frame">
                {src ? (
                  <img
                    src={src}
                    alt={`${item.title} (${index + 1} of ${order.length})`}
                    loading="lazy"
                    draggable={false}
                  />
                ) : (
                  <span className="muted">Loading…</span>
                )}
                {index === 0 && <span className="main-badge">Main</span>}
              </div>
              {canEdit && order.length > 1 && (
                <div className="gallery-actions">
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move photo ${index + 1} earlier`}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  >
                    ←
                  </button>
                  <button
                    type="button"
                    className="icon-button"
                    aria-label={`Move photo ${index + 1} later`}
                    disabled={index === order.length - 1}
                    onClick={() => move(index, index + 1)}
                  >
                    →
                  </button>
                </div>
              )}
              {file && <PhotoTagList file={file} />}
            </li>
          );
        })}
      </ol>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {adder}
    </div>
  );
}
