/**
 * The room's settings, apart from the lists people work in (Polaris):
 * its name, its currency, its logo, its backups, and — set apart — deleting it.
 */
import { type FormEvent, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { can, METHOD, type RoomDoc, type RoomRole } from "../../protocol/api";
import { SuppliersCard } from "../buying/SuppliersCard";
import { errorMessage } from "../components/ErrorText";
import { useCall } from "../live-api";
import { formatPrice } from "../money";
import { LocationsCard } from "../stock/LocationsCard";
import { Button } from "../ui/Button";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Field } from "../ui/Field";
import { BackupCard } from "./BackupCard";
import { currencyChoices } from "./currencies";
import { RoomLogo } from "./RoomLogo";

export function SettingsPage({ roomId, room, role }: { roomId: string; room: RoomDoc; role: RoomRole | null }) {
  const manage = can.renameRoom(role);
  return (
    <>
      <RoomNameCard room={room} canEdit={manage} />
      <CurrencyCard room={room} canEdit={manage} />
      <LocationsCard canManage={can.manageLocations(role)} />
      <SuppliersCard canManage={can.manageSuppliers(role)} />
      <RoomLogo roomId={roomId} canManage={can.manageMembers(role)} />
      <BackupCard roomId={roomId} room={room} role={role} />
      {can.deleteRoom(role) && <DangerZone room={room} />}
      {!manage && <p className="muted">Only the room's owner and admins change its settings.</p>}
    </>
  );
}

/** A small form that saves one thing, says "Saved" and shows the reason when it cannot. */
function useSave() {
  const [state, setState] = useState<{ busy: boolean; saved: boolean; error: string | null }>({
    busy: false,
    saved: false,
    error: null,
  });
  async function save(action: () => Promise<unknown>) {
    setState({ busy: true, saved: false, error: null });
    try {
      await action();
      setState({ busy: false, saved: true, error: null });
    } catch (caught) {
      setState({ busy: false, saved: false, error: errorMessage(caught) });
    }
  }
  return { ...state, save };
}

function RoomNameCard({ room, canEdit }: { room: RoomDoc; canEdit: boolean }) {
  const call = useCall();
  const [name, setName] = useState(room.name);
  const { busy, saved, error, save } = useSave();
  function submit(event: FormEvent) {
    event.preventDefault();
    void save(() => call(METHOD.ROOMS_RENAME, name));
  }
  return (
    <section className="card" aria-labelledby="name-heading">
      <h2 id="name-heading">Room name</h2>
      <form className="settings-form" onSubmit={submit}>
        <Field label="Name" hint="Everyone in the room sees it; so does anyone opening a label's page." error={error}>
          {(props) => (
            <input
              {...props}
              value={name}
              maxLength={80}
              required
              disabled={!canEdit}
              onChange={(event) => setName(event.target.value)}
            />
          )}
        </Field>
        {canEdit && (
          <div className="settings-actions">
            <Button type="submit" disabled={busy || name.trim() === "" || name === room.name}>
              {busy ? "Saving…" : "Save name"}
            </Button>
            {saved && name === room.name && <output className="muted">Saved</output>}
          </div>
        )}
      </form>
    </section>
  );
}

function CurrencyCard({ room, canEdit }: { room: RoomDoc; canEdit: boolean }) {
  const call = useCall();
  const choices = useMemo(() => currencyChoices(room.currency), [room.currency]);
  const [currency, setCurrency] = useState(room.currency);
  const { busy, saved, error, save } = useSave();
  function submit(event: FormEvent) {
    event.preventDefault();
    void save(() => call(METHOD.ROOMS_SET_CURRENCY, currency));
  }
  return (
    <section className="card" aria-labelledby="currency-heading">
      <h2 id="currency-heading">Currency</h2>
      <form className="settings-form" onSubmit={submit}>
        <Field
          label="Currency of new items"
          hint={`Prices look like ${formatPrice(123456, currency)} here. Items already priced keep their currency.`}
          error={error}
        >
          {(props) => (
            <select
              {...props}
              value={currency}
              disabled={!canEdit}
              onChange={(event) => setCurrency(event.target.value)}
            >
              {choices.map(({ code, name }) => (
                <option key={code} value={code}>
                  {code} — {name}
                </option>
              ))}
            </select>
          )}
        </Field>
        {canEdit && (
          <div className="settings-actions">
            <Button type="submit" disabled={busy || currency === room.currency}>
              {busy ? "Saving…" : "Save currency"}
            </Button>
            {saved && currency === room.currency && <output className="muted">Saved</output>}
          </div>
        )}
      </form>
    </section>
  );
}

function DangerZone({ room }: { room: RoomDoc }) {
  const call = useCall();
  const [, navigate] = useLocation();
  return (
    <section className="card danger-zone" aria-labelledby="danger-heading">
      <h2 id="danger-heading">Danger zone</h2>
      <p className="muted">
        Deleting the room removes its catalogue, photos, labels' pages and history for everyone. It cannot be undone.
      </p>
      <ConfirmDialog
        title={`Delete ${room.name}?`}
        confirmLabel="Delete room"
        trigger={<Button variant="danger">Delete room</Button>}
        onConfirm={async () => {
          await call(METHOD.ROOMS_DELETE);
          navigate("/");
        }}
      >
        Everything in “{room.name}” goes, for every member, at once.
      </ConfirmDialog>
    </section>
  );
}
