import { type ChangeEvent, useRef, useState } from "react";
import { METHOD } from "../../protocol/api";
import { errorMessage } from "../components/ErrorText";
import { useRoomLogos } from "../files/room-logo";
import { UploadProgress } from "../files/UploadProgress";
import { Upload } from "../files/upload";
import { useConnection } from "../live";
import { callOn } from "../live-api";
import { Dismissible } from "../ui/Dismissible";

/**
 * The room's logo, drawn in the centre of its QR labels and invite code.
 * Owners and admins set or remove it; a new logo replaces the old one.
 */
export function RoomLogo({ roomId, canManage }: { roomId: string; canManage: boolean }) {
  const connection = useConnection();
  const logos = useRoomLogos();
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = logos[0];

  async function replace(file: File) {
    setError(null);
    const previous = logos.map((logo) => logo._id);
    try {
      const next = new Upload(connection, file, { roomId, collection: "roomLogos" });
      setUpload(next);
      await next.done;
      for (const id of previous) await callOn(connection)(METHOD.FILES_REMOVE, id);
      setUpload(null);
    } catch (caught) {
      // Said once, here (the progress row goes): the logo as it was stays.
      setUpload(null);
      setError(errorMessage(caught));
    }
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (file) void replace(file);
  }

  async function remove() {
    setError(null);
    try {
      for (const logo of logos) await callOn(connection)(METHOD.FILES_REMOVE, logo._id);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  if (!canManage && !current) return null;
  return (
    <section className="card room-logo" aria-labelledby="logo-heading">
      <h2 id="logo-heading">Room logo</h2>
      <div className="room-logo-row">
        <div className="room-logo-frame">
          {current ? (
            <img src={current.path} alt="The room's logo" data-testid="room-logo" />
          ) : (
            <span className="muted small">No logo</span>
          )}
        </div>
        <p className="muted small">Shown in the centre of the room's QR labels and invite code.</p>
        {canManage && (
          <div className="form-actions">
            <button type="button" className="secondary" onClick={() => input.current?.click()}>
              {current ? "Replace logo" : "Upload logo"}
            </button>
            {current && (
              <button type="button" className="link-button" onClick={remove}>
                Remove logo
              </button>
            )}
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/webp,image/svg+xml"
              hidden
              data-testid="logo-input"
              onChange={choose}
            />
          </div>
        )}
      </div>
      {upload && (
        <ul className="uploads">
          <UploadProgress upload={upload} />
        </ul>
      )}
      {error && (
        <Dismissible tone="error" onDismiss={() => setError(null)}>
          {error}
        </Dismissible>
      )}
    </section>
  );
}
