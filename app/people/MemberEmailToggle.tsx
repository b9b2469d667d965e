import { type ReactNode, useId, useState } from "react";
import { COLLECTION, type MemberDoc, PUBLICATION } from "../../protocol/api";
import { ErrorText } from "../components/ErrorText";
import { type LiveDoc, useFind } from "../live";
import { type Call, useCall, useSubscribe } from "../live-api";

const isMember = (doc: LiveDoc): doc is LiveDoc & MemberDoc => typeof doc.role === "string";

/**
 * One of the caller's own e-mail choices in this room (new orders, low
 * stock). Any member may choose, viewers too; the box shows what the server
 * holds, so another tab's change shows here as well.
 */
export function MemberEmailToggle({
  userId,
  field,
  save,
  label,
  hint,
}: {
  userId: string | null;
  field: "orderEmails" | "lowStockEmails";
  /** Sets the caller's own choice (true or false) with `call`. */
  save(call: Call, on: boolean): Promise<unknown>;
  label: string;
  hint(me: MemberDoc): ReactNode;
}) {
  useSubscribe(PUBLICATION.MEMBERS);
  const me = useFind(COLLECTION.MEMBERS, isMember).find((member) => member._id === userId);
  const call = useCall();
  /** The value being saved (shown meanwhile), or null when nothing is. */
  const [saving, setSaving] = useState<boolean | null>(null);
  const [error, setError] = useState<unknown>(null);
  const hintId = useId();
  // Not (yet) known as a member of this room: there is no choice of theirs to show.
  if (!me) return null;

  async function choose(on: boolean) {
    setSaving(on);
    setError(null);
    try {
      await save(call, on);
    } catch (caught) {
      setError(caught);
    } finally {
      setSaving(null);
    }
  }

  return (
    <div className="order-emails">
      <label>
        <input
          type="checkbox"
          checked={saving ?? me[field] === true}
          // aria-disabled rather than disabled: a disabled box drops keyboard focus mid-save.
          aria-disabled={saving !== null}
          aria-describedby={hintId}
          onChange={(event) => {
            if (saving === null) void choose(event.target.checked);
          }}
        />
        {label}
      </label>
      <p id={hintId} className="muted small">
        {hint(me)}
      </p>
      <ErrorText error={error} />
    </div>
  );
}
