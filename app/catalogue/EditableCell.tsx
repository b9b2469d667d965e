/**
 * A table cell edited in place (Linear, spreadsheets): click it — or focus it
 * and press Enter or Space — and it becomes an input; Enter or leaving the
 * field saves, Esc cancels. Only the changed value is sent. The new value
 * shows at once (the method's stub writes it locally), quietly marked while
 * the server has not confirmed it; if the server refuses, the old value is
 * back and the input reopens with the reason next to it. If someone else
 * changes the value while it is being edited, the cell says so and asks
 * whether to keep what is typed or take theirs (edit-conflict.tsx).
 *
 * No <form>: the cell's button and its input are different elements, so a
 * click on one can never land on the other (a reused button turning into a
 * submit button saved unchanged values, which is how the old row editor broke).
 */
import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { errorMessage } from "../components/ErrorText";
import { ConflictNotice, describeText, useEditConflict } from "./edit-conflict";

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

export interface EditableCellProps<T> {
  /** What is edited, for assistive technology: "title of Brass lamp". */
  label: string;
  /** The value as shown. */
  display: ReactNode;
  /** The value as typed when editing starts. */
  text: string;
  parse(text: string): Parsed<T>;
  /** `seen`: the field's text when the edit started (what saving replaces: seen-quantity.ts). */
  save(value: T, seen: string): Promise<unknown>;
  canEdit: boolean;
  inputMode?: "text" | "decimal" | "numeric";
  className?: string;
  /** Names whoever changed the item last, for the notice when it changes during an edit. */
  whoChanged(): string;
  /** A value as text, as a person reads it in that notice (defaults to the quoted text). */
  describe?(text: string): string;
}

export function EditableCell<T>({
  label,
  display,
  text,
  parse,
  save,
  canEdit,
  inputMode = "text",
  className,
  whoChanged,
  describe = describeText,
}: EditableCellProps<T>) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  const { conflict, keepMine, startedFrom } = useEditConflict(text, editing, whoChanged);
  // Someone set what this person is typing anyway: nothing to choose.
  const openConflict = conflict && conflict.theirs.trim() !== draft.trim() ? conflict : null;

  useEffect(() => {
    if (editing) input.current?.select();
    else if (refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);

  function start() {
    setDraft(text);
    setError(null);
    setEditing(true);
  }

  /** `chosen`: the person pressed Enter or Keep mine, so a conflict is settled as "mine". */
  async function commit(returnFocus: boolean, chosen: boolean) {
    if (!editing) return;
    // Leaving the field while someone else's value waits for a choice saves nothing yet.
    if (openConflict && !chosen) return;
    if (openConflict) keepMine();
    refocus.current = returnFocus;
    if (draft.trim() === text.trim()) return setEditing(false);
    const parsed = parse(draft);
    if (!parsed.ok) return setError(parsed.error);
    setEditing(false);
    setSaving(true);
    try {
      await save(parsed.value, startedFrom());
      setError(null);
    } catch (caught) {
      setError(errorMessage(caught));
      setEditing(true);
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter") {
      event.preventDefault();
      void commit(true, true);
    } else if (event.key === "Escape") {
      event.preventDefault();
      refocus.current = true;
      setError(null);
      setEditing(false);
    }
  }

  const classes = ["editable-cell", className ?? ""].filter(Boolean).join(" ");
  if (!canEdit) {
    // No longer allowed to edit (made a viewer meanwhile): what was being typed is not thrown away unsaid.
    const lost = editing && draft.trim() !== text.trim();
    return (
      <span className={classes}>
        {display}
        {lost && (
          <span className="cell-error" role="alert">
            Not saved, you can no longer change items here: “{draft.trim()}”
          </span>
        )}
      </span>
    );
  }
  return (
    <span className={classes}>
      {editing ? (
        <input
          ref={input}
          className="cell-input"
          aria-label={`Edit ${label}`}
          aria-invalid={error ? true : undefined}
          value={draft}
          inputMode={inputMode}
          // biome-ignore lint/a11y/noAutofocus: the person just asked to edit this cell.
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => void commit(false, false)}
        />
      ) : (
        <button ref={button} type="button" className="cell-button" data-saving={saving || undefined} onClick={start}>
          {/* The name starts with what is shown (WCAG 2.5.3, label in name), then says what a press does. */}
          <span className="cell-value">{display}</span>
          <span className="visually-hidden">, edit {label}</span>
        </button>
      )}
      {editing && openConflict && (
        <ConflictNotice
          conflict={openConflict}
          describe={describe}
          onKeepMine={() => void commit(true, true)}
          onTakeTheirs={() => {
            refocus.current = true;
            setError(null);
            setEditing(false);
          }}
        />
      )}
      {error && (
        <span className="cell-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
