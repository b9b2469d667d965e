import { useId, useState } from "react";
import { COLLECTION, METHOD, type MemberDoc, PUBLICATION } from "../../protocol/api";
import { ErrorText } from "../components/ErrorText";
import { type LiveDoc, useCall, useFind, useSubscribe } from "../live";
import "./order-emails.css";

const isMember = (doc: LiveDoc): doc is LiveDoc & MemberDoc => typeof doc.role === "string";

/**
 * The caller's own choice of an e-mail for each new store order (SPEC A6).
 * Any member may choose, viewers too; the box shows what the server holds,
 * so another tab's change shows here as well.
 */
export function OrderEmailsToggle({ userId }: { userId: string | null }) {
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
      await call(METHOD.MEMBERS_SET_ORDER_EMAILS, on);
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
          checked={saving ?? me.orderEmails}
          // aria-disabled rather than disabled: a disabled box drops keyboard focus mid-save.
          aria-disabled={saving !== null}
          aria-describedby={hintId}
          onChange={(event) => {
            if (saving === null) void choose(event.target.checked);
          }}
        />
        E-mail me each new order
      </label>
      <p id={hintId} className="muted small">
        Sent to {me.email || "your e-mail address"} for orders placed after the store was connected.
      </p>
      <ErrorText error={error} />
    </div>
  );
}
