/**
 * Where the room keeps stock (docs/architecture.md §9): its locations, in order.
 * Owners and admins add, rename and archive them; a location that still
 * holds stock is not archived (the server says how much is there).
 */
import { type FormEvent, useState } from "react";
import { type LocationDoc, METHOD } from "../../protocol/api";
import { useCall } from "../live-api";
import { Button } from "../ui/Button";
import { Field } from "../ui/Field";
import { useRun } from "../ui/use-run";
import { useLocations } from "./use-locations";
import "./stock.css";

export function LocationsCard({ canManage }: { canManage: boolean }) {
  const { locations, loading } = useLocations();
  const call = useCall();
  const [name, setName] = useState("");

  const { error, run } = useRun();
  async function add(event: FormEvent) {
    event.preventDefault();
    if (await run(() => call(METHOD.LOCATIONS_ADD, name))) setName("");
  }

  return (
    <section className="card" aria-labelledby="locations-heading">
      <h2 id="locations-heading">Locations</h2>
      <p className="muted">
        Where stock is kept: a shop floor, a back room, a market stall. New stock goes to the first.
      </p>
      {loading && locations.length === 0 ? (
        <p className="muted">Loading locations…</p>
      ) : (
        <ul className="locations-list" data-testid="locations">
          {locations.map((location) => (
            <LocationRow key={location._id} location={location} canManage={canManage} run={run} />
          ))}
        </ul>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {canManage && (
        <form className="settings-form" onSubmit={add}>
          <Field label="New location">
            {(props) => (
              <input
                {...props}
                value={name}
                maxLength={80}
                required
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <div className="settings-actions">
            <Button type="submit" disabled={name.trim() === ""}>
              Add location
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function LocationRow({
  location,
  canManage,
  run,
}: {
  location: LocationDoc;
  canManage: boolean;
  run(action: () => Promise<unknown>): Promise<boolean>;
}) {
  const call = useCall();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(location.name);

  async function rename(event: FormEvent) {
    event.preventDefault();
    if (await run(() => call(METHOD.LOCATIONS_RENAME, location._id, name))) setEditing(false);
  }

  if (editing) {
    return (
      <li>
        <form className="inline-form" onSubmit={rename}>
          <Field label={`Rename ${location.name}`}>
            {(props) => (
              <input
                {...props}
                value={name}
                maxLength={80}
                required
                // biome-ignore lint/a11y/noAutofocus: the person just asked to rename this one.
                autoFocus
                onChange={(event) => setName(event.target.value)}
                onKeyDown={(event) => event.key === "Escape" && setEditing(false)}
              />
            )}
          </Field>
          <Button type="submit" size="sm">
            Save
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      </li>
    );
  }
  return (
    <li className={location.archived ? "archived" : undefined}>
      <span>{location.name}</span>
      {location.archived && <span className="muted small"> (archived)</span>}
      {canManage && (
        <span className="row-actions">
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            Rename
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void run(() => call(METHOD.LOCATIONS_ARCHIVE, location._id, !location.archived))}
          >
            {location.archived ? `Bring back ${location.name}` : `Archive ${location.name}`}
          </Button>
        </span>
      )}
    </li>
  );
}
