import { type ChangeEvent, useEffect, useMemo, useRef, useState } from "react";
import { LiveError } from "../../protocol/errors";
import { addItemFromPhoto } from "../files/photo-intake";
import { photoProblem } from "../files/photo-problem";
import { loadTagReader } from "../files/photo-tags";
import { UploadProgress } from "../files/UploadProgress";
import type { Upload } from "../files/upload";
import { forgetInterruptedUploads, interruptedUploads } from "../files/upload-memory";
import { whenIdle } from "../lazy-page";
import { useConnection } from "../live";
import { Dismissible } from "../ui/Dismissible";

let messageIds = 0;

interface Message {
  id: number;
  message: string;
}

/** "New items from photos": each photo becomes a draft item, with live upload progress. */
export function PhotoIntake({ roomId }: { roomId: string }) {
  const connection = useConnection();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [failures, setFailures] = useState<Message[]>([]);
  // What the person should know about an item made (e.g. a caption too long for a title).
  const [notes, setNotes] = useState<Message[]>([]);
  const [forgotten, setForgotten] = useState(false);
  const interrupted = useMemo(
    () => (forgotten ? [] : interruptedUploads(localStorage, roomId, "itemPhotos")),
    [roomId, forgotten],
  );
  // Fetched while there is a line, so photos chosen in a basement still have their tags read.
  useEffect(() => whenIdle(() => void loadTagReader().catch(() => {})), []);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    for (const file of files) {
      addItemFromPhoto(connection, roomId, file, (upload) => setUploads((all) => [...all, upload])).then(
        ({ note }) => note && setNotes((all) => [...all, { id: messageIds++, message: note }]),
        (error) => {
          // Cancelling is the person's own choice, not a failure.
          if (error instanceof LiveError && error.error === "aborted") return;
          setFailures((all) => [...all, { id: messageIds++, message: photoProblem(file, error) }]);
        },
      );
    }
  }

  return (
    <section className="card photo-intake" aria-label="New items from photos">
      <div className="photo-intake-head">
        <button type="button" className="ui-button ui-button-primary" onClick={() => input.current?.click()}>
          New items from photos
        </button>
        <span className="muted">
          Each photo becomes a draft item, titled from its caption. Where and when it was taken stays with the photo.
        </span>
        <input ref={input} type="file" accept="image/*" multiple hidden data-testid="photo-input" onChange={choose} />
      </div>
      {interrupted.length > 0 && uploads.length === 0 && (
        <Dismissible
          tone="note"
          dismissLabel="Forget them"
          onDismiss={() => {
            forgetInterruptedUploads(localStorage, roomId, "itemPhotos");
            setForgotten(true);
          }}
        >
          Unfinished uploads: {interrupted.join(", ")}. Choose the same photos again to continue where they stopped.
        </Dismissible>
      )}
      {uploads.length > 0 && (
        <ul className="uploads">
          {uploads.map((upload) => (
            <UploadProgress key={upload.id} upload={upload} finishingText="Creating item…" doneText="Item added" />
          ))}
        </ul>
      )}
      {notes.map((note) => (
        <Dismissible key={note.id} tone="note" onDismiss={() => setNotes((all) => all.filter((n) => n.id !== note.id))}>
          {note.message}
        </Dismissible>
      ))}
      {failures.map((failure) => (
        <Dismissible
          key={failure.id}
          tone="error"
          onDismiss={() => setFailures((all) => all.filter((f) => f.id !== failure.id))}
        >
          {failure.message}
        </Dismissible>
      ))}
    </section>
  );
}
