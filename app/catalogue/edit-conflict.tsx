/**
 * Someone else's change to a field while this person is editing it. The
 * last save would otherwise win without a sign; instead the field says who
 * changed it to what ("Sam changed this to £15.00 while you were editing")
 * and offers to keep what is being typed or take the new value. Used by the
 * catalogue's cells and the item page's fields alike.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export interface EditConflict {
  /** The field's new value, as text. */
  theirs: string;
  /** Who changed it ("Sam", "The store", "You" from another tab). */
  by: string;
}

/**
 * `text` is the field's live value; `editing` whether the person has an
 * edit under way (it started from the value as it was then); `whoChanged`
 * names whoever made the item's latest change.
 */
export function useEditConflict(text: string, editing: boolean, whoChanged: () => string) {
  // The value this edit started from: what saving it would replace.
  const base = useRef(text);
  const [conflict, setConflict] = useState<EditConflict | null>(null);
  const who = useRef(whoChanged);
  who.current = whoChanged;

  useEffect(() => {
    if (!editing || text === base.current) {
      base.current = text;
      setConflict(null);
    } else {
      setConflict({ theirs: text, by: who.current() });
    }
  }, [text, editing]);

  /** Keep mine: the new value is seen, and saving replaces it. */
  const keepMine = useCallback(() => {
    base.current = text;
    setConflict(null);
  }, [text]);

  /** The value saving would replace: where the edit started, or theirs once "Keep mine" was chosen. */
  const startedFrom = useCallback(() => base.current, []);

  return { conflict, keepMine, startedFrom };
}

/** The notice under a field in conflict, with its two choices. */
export function ConflictNotice({
  conflict,
  describe,
  onKeepMine,
  onTakeTheirs,
}: {
  conflict: EditConflict;
  /** Their value as a person reads it (a price with its currency, "nothing" for an empty field). */
  describe(text: string): string;
  onKeepMine(): void;
  onTakeTheirs(): void;
}) {
  return (
    <span className="edit-conflict" role="alert" data-testid="edit-conflict">
      <span>
        {conflict.by} changed this to {describe(conflict.theirs)} while you were editing.
      </span>
      <span className="edit-conflict-actions">
        {/* Pressing a choice must not first count as leaving the field (which would save). */}
        <button type="button" className="link-button" onMouseDown={(e) => e.preventDefault()} onClick={onKeepMine}>
          Keep mine
        </button>
        <button type="button" className="link-button" onMouseDown={(e) => e.preventDefault()} onClick={onTakeTheirs}>
          Take theirs
        </button>
      </span>
    </span>
  );
}

/** A text value as a person reads it in a sentence. */
export function describeText(text: string): string {
  return text.trim() ? `“${text.trim()}”` : "nothing";
}
