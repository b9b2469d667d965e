import { type ChangeEvent, useEffect, useMemo, useRef, useState } from "react";
import { LiveError } from "../../protocol/errors";
import { errorMessage } from "../components/ErrorText";
import { addItemFromPhoto } from "../files/photo-intake";
import { loadTagReader } from "../files/photo-tags";
import { UploadProgress } from "../files/UploadProgress";
import type { Upload } from "../files/upload";
import { interruptedUploads } from "../files/upload-memory";
import { whenIdle } from "../lazy-page";
import { useConnection } from "../live";

let failureIds = 0;

interface Failure {
  id: number;
  name: string;
  message: string;
}

/** "New items from photos": each photo becomes a draft item, with live upload progress. */
export function PhotoIntake({ roomId }: { roomId: string }) {
  const connection = useConnection();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [failures, setFailures] = useState<Failure[]>([]);
  const interrupted = useMemo(() => interruptedUploads(localStorage, roomId), [roomId]);
  // Fetched while there is a line, so photos chosen in a basement still have their tags read.
  useEffect(() => whenIdle(() => void loadTagReader().catch(() => {})), []);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    for (const file of files) {
      addItemFromPhoto(connection, roomId, file, (upload) => setUploads((all) => [...all, upload])).catch((error) => {
        // Cancelling is the person's own choice, not a failure.
        if (error instanceof LiveError && error.error === "aborted") return;
        setFailures((all) => [...all, { id: failureIds++, name: file.name, message: errorMessage(error) }]);
      });
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
        <p className="muted" role="status">
          Unfinished uploads: {interrupted.join(", ")}. Choose the same photos again to continue where they stopped.
        </p>
      )}
      {uploads.length > 0 && (
        <ul className="uploads">
          {uploads.map((upload) => (
            <UploadProgress key={upload.id} upload={upload} finishingText="Creating item…" doneText="Item added" />
          ))}
        </ul>
      )}
      {failures.map((failure) => (
        <p key={failure.id} className="error" role="alert">
          {failure.name}: {failure.message}
        </p>
      ))}
    </section>
  );
}
