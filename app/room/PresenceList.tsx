/**
 * Who is in the room right now (docs/product.md §1), for the room header: a row of
 * initials, you first, then in order of arrival. Everyone is in the
 * accessible list; past five, the last slot shows "+N" and the rest are
 * listed for screen readers only. The row keeps one size whoever comes and
 * goes, so nothing around it moves. Pressing the row (a tap, a click, or
 * Enter from the keyboard) lists everyone by name — a tooltip alone would
 * leave names to those with a mouse.
 */
import { useCallback, useId, useState } from "react";
import { COLLECTION, type PresenceDoc, PUBLICATION } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { type LiveDoc, useFind } from "../live";
import { useSubscription } from "../live-api";
import { avatarColour, initials } from "../people/avatar";
import "./presence.css";

/** Slots in the row (the last one becomes "+N" when there are more people). */
const SLOTS = 5;

const isPresence = (doc: LiveDoc): doc is LiveDoc & PresenceDoc =>
  typeof doc.label === "string" && typeof doc.connections === "number";

export function PresenceList() {
  const { userId } = useLoginState();
  const { error } = useSubscription(PUBLICATION.PRESENCE);
  const youFirstThenByArrival = useCallback(
    (a: PresenceDoc, b: PresenceDoc) =>
      Number(b._id === userId) - Number(a._id === userId) ||
      Number(a.since) - Number(b.since) ||
      a._id.localeCompare(b._id),
    [userId],
  );
  const people = useFind(COLLECTION.PRESENCE, isPresence, youFirstThenByArrival);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  // Not a member (or signed out): there is no one to show.
  if (error) return null;
  const shown = people.length > SLOTS ? SLOTS - 1 : people.length;
  const more = people.slice(shown);
  const nameOf = (person: PresenceDoc) => (person._id === userId ? `${person.label} (you)` : person.label);
  return (
    <div className="presence" data-testid="presence">
      <button
        type="button"
        className="presence-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
        onBlur={() => setOpen(false)}
      >
        <span className="visually-hidden">Who is here ({people.length})</span>
      </button>
      <ul className="presence-list" aria-label="People in this room">
        {people.map((person, position) => (
          <Avatar key={person._id} person={person} you={person._id === userId} hidden={position >= shown} />
        ))}
      </ul>
      {more.length > 0 && (
        // Only for the eye: the people it stands for are in the list above.
        <span className="presence-more" aria-hidden="true" title={more.map((person) => person.label).join("\n")}>
          +{more.length}
        </span>
      )}
      {open && (
        <ul className="presence-names" id={panelId} aria-label="Who is here" data-testid="presence-names">
          {people.map((person) => (
            <li key={person._id}>
              <span className="presence-dot" aria-hidden="true" style={{ background: avatarColour(person._id) }}>
                {initials(person.label)}
              </span>
              {nameOf(person)}
              {person.connections > 1 && <span className="muted"> · {person.connections} tabs or devices</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Avatar({ person, you, hidden }: { person: PresenceDoc; you: boolean; hidden: boolean }) {
  const name = you ? `${person.label} (you)` : person.label;
  const tabs = person.connections > 1 ? ` · ${person.connections} connections` : "";
  const classes = ["presence-avatar"];
  if (you) classes.push("presence-you");
  // Past the visible slots: still in the list for screen readers.
  if (hidden) classes.push("visually-hidden");
  return (
    <li
      className={classes.join(" ")}
      aria-label={name}
      title={`${name}${tabs}`}
      data-testid="presence-person"
      style={{ background: avatarColour(person._id) }}
    >
      <span aria-hidden="true">{initials(person.label)}</span>
    </li>
  );
}
