import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { COLLECTION, METHOD, PUBLICATION, type RoomDoc } from "../../protocol/api";
import { ErrorText } from "../components/ErrorText";
import { Header } from "../components/Header";
import { HomeSessionProvider } from "../components/SessionProvider";
import { type LiveDoc, useCall, useFind, useSubscribe } from "../live";

const isRoom = (doc: LiveDoc): doc is LiveDoc & RoomDoc => typeof doc.name === "string";
const byRecent = (a: RoomDoc, b: RoomDoc) => b.updatedAt.getTime() - a.updatedAt.getTime();

export function HomePage() {
  return (
    <HomeSessionProvider>
      <Header>Your rooms</Header>
      <main className="page narrow">
        <CreateRoomForm />
        <RoomList />
      </main>
    </HomeSessionProvider>
  );
}

function CreateRoomForm() {
  const call = useCall();
  const [, navigate] = useLocation();
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const roomId = (await call(METHOD.ROOMS_CREATE, name)) as string;
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
      <button type="submit" disabled={busy || name.trim() === ""}>
        {busy ? "Creating…" : "Create room"}
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
