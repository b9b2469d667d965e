import { type FormEvent, useEffect, useMemo, useState } from "react";
import { Link, useLocation, useSearchParams } from "wouter";
import { COLLECTION, METHOD, PUBLICATION, type RoomDoc } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { useLoginState, useUser } from "../accounts";
import { ErrorText } from "../components/ErrorText";
import { Header } from "../components/Header";
import { HomeSessionProvider } from "../components/SessionProvider";
import { type LiveDoc, useFind } from "../live";
import { useCall, useSubscribe } from "../live-api";
import { roomNameFromBackup, stashBackup } from "../room/backup-stash";
import { currencyChoices, localCurrency } from "../room/currencies";
import { forgetRoomNotice, roomNotice } from "../room/room-notice";
import { Dismissible } from "../ui/Dismissible";
import { useDocumentTitle } from "../ui/use-document-title";

const isRoom = (doc: LiveDoc): doc is LiveDoc & RoomDoc => typeof doc.name === "string";
const byRecent = (a: RoomDoc, b: RoomDoc) => b.updatedAt.getTime() - a.updatedAt.getTime();

export function HomePage() {
  return (
    <HomeSessionProvider>
      <Home />
    </HomeSessionProvider>
  );
}

function Home() {
  const { userId, loggingIn } = useLoginState();
  useDocumentTitle(userId ? "Your rooms" : null);
  if (!userId && !loggingIn) return <Welcome />;
  return (
    <>
      <Header>Your rooms</Header>
      <main className="page narrow">
        <RoomNotice />
        <CheckInbox />
        <CreateRoomForm />
        <RoomList />
        <RestoreBackupForm />
      </main>
    </>
  );
}

/** What happened to a room the app had to leave (room-notice.ts), said once. */
function RoomNotice() {
  const [text, setText] = useState(roomNotice);
  useEffect(forgetRoomNotice, []);
  if (!text) return null;
  return (
    <Dismissible tone="note" onDismiss={() => setText(null)}>
      {text}
    </Dismissible>
  );
}

/** What Stockroom is, for someone who is not signed in. */
function Welcome() {
  return (
    <>
      <Header />
      <main className="page narrow welcome">
        <h1 className="welcome-title">The back office your whole shop works in at once</h1>
        <p className="welcome-lead">
          Stockroom turns photos of your stock into a catalogue, publishes it to your Shopify store, prints QR labels
          and counts sales — and everyone on the team sees every change the moment it happens.
        </p>
        <ul className="welcome-points">
          <li>Photograph an item: it becomes a draft, titled from the photo's caption.</li>
          <li>Edit in place, together: prices, stock and status update live for everyone.</li>
          <li>Publish to your store, print labels that open the item's page, and watch the figures move.</li>
        </ul>
        <div className="welcome-actions">
          <Link href="/sign-up" className="ui-button ui-button-primary">
            Sign up — it's free
          </Link>
          <Link href="/sign-in" className="ui-button ui-button-secondary">
            Sign in
          </Link>
        </div>
      </main>
    </>
  );
}

/**
 * After sign-up: where the confirmation link went. Shown from the first
 * paint, before the account has arrived on this page's connection, so the
 * room form below never moves under a pointer on its way to it.
 */
function CheckInbox() {
  const [params] = useSearchParams();
  const user = useUser();
  const email = user?.emails?.[0];
  if (params.get("welcome") !== "1" || email?.verified) return null;
  return (
    <section className="card check-inbox" aria-labelledby="inbox-heading" data-testid="check-inbox">
      <h2 id="inbox-heading">Check your inbox</h2>
      <p>
        We sent a link to {email ? <strong>{email.address}</strong> : "your e-mail address"} to confirm it is yours. You
        can start right away and confirm when it suits you.
      </p>
    </section>
  );
}

function CreateRoomForm() {
  const call = useCall();
  const [, navigate] = useLocation();
  const [name, setName] = useState("");
  // A first guess from the browser's region, said and changeable before the room exists.
  const [currency, setCurrency] = useState(localCurrency);
  const choices = useMemo(() => currencyChoices(currency), [currency]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const roomId = await call(METHOD.ROOMS_CREATE, name, currency);
      navigate(`/rooms/${roomId}`);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  return (
    <form className="card inline-form" onSubmit={submit} aria-label="Create a room">
      <label htmlFor="room-name">New room</label>
      <input
        id="room-name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        placeholder="e.g. Vintage ceramics"
        maxLength={80}
        required
      />
      <label htmlFor="room-currency">Prices in</label>
      <select id="room-currency" value={currency} onChange={(event) => setCurrency(event.target.value)}>
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.code} — {choice.name}
          </option>
        ))}
      </select>
      <button type="submit" className="ui-button ui-button-primary" disabled={busy || name.trim() === ""}>
        {busy ? "Creating…" : "Create room"}
      </button>
      <ErrorText error={error} />
    </form>
  );
}

/**
 * A room brought back from its backup file (docs/operations.md §7): a new
 * room is made, named from the file, and the file waits for it to open; the
 * room's settings upload it and restore it, showing both as they go.
 */
function RestoreBackupForm() {
  const call = useCall();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      // Not a ZIP at all: said before a room is made for it (the room checks the rest).
      const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
      if (head[0] !== 0x50 || head[1] !== 0x4b) {
        throw new LiveError(400, "This file is not a Stockroom backup (a room's “Download a copy of this room” ZIP)");
      }
      const roomId = await call(METHOD.ROOMS_CREATE, roomNameFromBackup(file.name));
      stashBackup(roomId, file);
      navigate(`/rooms/${roomId}/settings`);
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  }

  return (
    <form className="card inline-form" onSubmit={submit} aria-label="Restore a backup">
      <label htmlFor="backup-file">Restore from a backup file</label>
      <input
        id="backup-file"
        type="file"
        accept=".zip,application/zip"
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
      <button type="submit" className="ui-button ui-button-secondary" disabled={busy || !file}>
        {busy ? "Creating…" : "Restore"}
      </button>
      <ErrorText error={error} />
    </form>
  );
}

function RoomList() {
  const loading = useSubscribe(PUBLICATION.ROOMS_LIST);
  const rooms = useFind(COLLECTION.ROOMS, isRoom, byRecent);
  if (loading && rooms.length === 0) return <p className="muted">Loading rooms…</p>;
  if (rooms.length === 0) {
    return (
      <div className="empty-state">
        <h2>No rooms yet</h2>
        <p>A room is one shop's workspace. Create one above to start your catalogue.</p>
      </div>
    );
  }
  return (
    <ul className="room-list" data-testid="room-list">
      {rooms.map((room) => (
        <li key={room._id}>
          <Link href={`/rooms/${room._id}`}>{room.name}</Link>
          <span className="muted">updated {room.updatedAt.toLocaleDateString()}</span>
        </li>
      ))}
    </ul>
  );
}
