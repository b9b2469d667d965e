/**
 * One field of the item page, edited the way the catalogue's cells are:
 * type, and leaving the field (Tab, a click elsewhere, a tab of the room,
 * "← Catalogue") or pressing Enter saves it — Ctrl+Enter in the
 * description, where Enter starts a new line; Esc puts the saved value
 * back. The new value shows at once and offline (the method's stub), marked
 * "Not saved yet" until the server has it. What is typed is also kept in
 * the browser as it is typed (field-drafts.ts), so a reload loses nothing.
 * Someone else's change to the field while it is edited is shown with a
 * choice (edit-conflict.tsx).
 */
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { type ItemDoc, METHOD } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { useNameOf } from "../people/use-name-of";
import { useToast } from "../ui/Toast";
import { ConflictNotice, useEditConflict } from "./edit-conflict";
import { dropDraft, keepDraft } from "./field-drafts";
import { type ItemFieldSpec, sameValue } from "./item-fields";
import { meanwhileText, withSeenQuantity } from "./seen-quantity";

type SaveState = "idle" | "saving" | "saved";

/** How long "Saved" stays beside a field's label. */
const SAVED_NOTE_MS = 3_000;

export function ItemField({
  roomId,
  item,
  spec,
  whoChanged,
}: {
  roomId: string;
  item: ItemDoc;
  spec: ItemFieldSpec;
  whoChanged(): string;
}) {
  const call = useCall();
  const toast = useToast();
  const nameOf = useNameOf();
  const { userId } = useLoginState();
  const id = useId();
  const live = spec.read(item);
  // What the person is typing; null while they are not editing (the field shows the saved value).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const editing = draft !== null;
  const { conflict, keepMine, startedFrom } = useEditConflict(live, editing, whoChanged);
  const openConflict = conflict && draft !== null && conflict.theirs.trim() !== draft.trim() ? conflict : null;
  const draftKey = { userId: userId ?? "", roomId, itemId: item._id, field: spec.name };

  function type(text: string) {
    setDraft(text);
    setError(null);
    // With the value the typing started from: see use-save-left-drafts.ts.
    if (userId) keepDraft({ ...draftKey, text, base: startedFrom(), at: Date.now() });
  }

  function stopEditing() {
    setDraft(null);
    dropDraft(draftKey);
  }

  /** `chosen`: Enter or Keep mine, which settle a conflict as "mine"; leaving the field does not. */
  function commit(chosen: boolean) {
    if (draft === null) return;
    if (openConflict && !chosen) return;
    if (openConflict) keepMine();
    if (sameValue(spec, draft, item)) return stopEditing();
    const parsed = spec.parse(draft);
    if (!parsed.ok) return setError(parsed.error);
    const typed = draft;
    // Kept in the browser until the server has it: if it is refused (say, the person is no longer
    // allowed to edit), the typed text is still there to show (ItemForm's read-only view).
    setDraft(null);
    setSaveState("saving");
    call(METHOD.ITEMS_UPDATE, item._id, withSeenQuantity(parsed.value, startedFrom())).then(
      (answer) => {
        // Only this save's text: something typed since stays kept.
        dropDraft(draftKey, typed);
        setSaveState("saved");
        // A count typed over one someone changed meanwhile: what was recorded is said (seen-quantity.ts).
        const meanwhile = meanwhileText(answer, nameOf);
        if (meanwhile) toast.show({ text: meanwhile });
      },
      (caught: unknown) => {
        // Refused: the saved value is back (the stub's write was taken back); the typed text returns with
        // the reason — unless the person is typing something newer, which is not overwritten.
        setSaveState("idle");
        setDraft((current) => current ?? typed);
        setError(errorMessage(caught));
      },
    );
  }

  // Leaving the page by any way that removes the field (the browser's Back, a link) saves it too.
  const latestCommit = useRef(commit);
  latestCommit.current = commit;
  useEffect(() => () => latestCommit.current(false), []);

  useEffect(() => {
    if (saveState !== "saved") return;
    const timer = setTimeout(() => setSaveState("idle"), SAVED_NOTE_MS);
    return () => clearTimeout(timer);
  }, [saveState]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    const saveKey = spec.multiline ? event.key === "Enter" && (event.ctrlKey || event.metaKey) : event.key === "Enter";
    if (saveKey) {
      event.preventDefault();
      commit(true);
    } else if (event.key === "Escape" && editing) {
      event.preventDefault();
      setError(null);
      stopEditing();
    }
  }

  const inputProps = {
    id: `${id}-input`,
    value: draft ?? live,
    placeholder: spec.placeholder,
    className: spec.mono ? "mono" : undefined,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    onChange: (event: { target: { value: string } }) => type(event.target.value),
    onBlur: () => commit(false),
    onKeyDown,
  };

  return (
    <div className="item-field" data-field={spec.name}>
      <div className="item-field-label">
        <label htmlFor={`${id}-input`}>{spec.label}</label>
        {saveState === "saving" && (
          <span className="field-state pending" role="status">
            Not saved yet
          </span>
        )}
        {saveState === "saved" && (
          <span className="field-state" role="status">
            Saved
          </span>
        )}
      </div>
      {spec.multiline ? <textarea {...inputProps} rows={4} /> : <input {...inputProps} inputMode={spec.inputMode} />}
      {openConflict && (
        <ConflictNotice
          conflict={openConflict}
          describe={(text) => spec.describe(text, item)}
          onKeepMine={() => commit(true)}
          onTakeTheirs={() => {
            setError(null);
            stopEditing();
          }}
        />
      )}
      {error && (
        <p className="error" role="alert" id={`${id}-error`}>
          {error}
        </p>
      )}
      {spec.multiline && editing && <p className="muted small hint">Ctrl+Enter or leaving the field saves.</p>}
    </div>
  );
}
