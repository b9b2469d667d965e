import { useEffect, useState } from "react";
import { Link } from "wouter";
import { COLLECTION, PUBLICATION, type RoomDoc } from "../../protocol/api";
import { AddItemForm } from "../components/AddItemForm";
import { Header } from "../components/Header";
import { ItemList } from "../components/ItemList";
import { RoomTitle } from "../components/RoomTitle";
import { SessionProvider } from "../components/SessionProvider";
import { type LiveDoc, useFind, useSubscribe } from "../live";

type Lookup = "checking" | "found" | "missing" | "error";

/** Checks the room exists before opening its live connection. */
export function RoomPage({ roomId }: { roomId: string }) {
  const [lookup, setLookup] = useState<Lookup>("checking");
  useEffect(() => {
    let cancelled = false;
    fetch(`/api/rooms/${encodeURIComponent(roomId)}`)
      .then(
        (response) => !cancelled && setLookup(response.ok ? "found" : response.status === 404 ? "missing" : "error"),
      )
      .catch(() => !cancelled && setLookup("error"));
    return () => {
      cancelled = true;
    };
  }, [roomId]);

  if (lookup === "found") return <LiveRoom roomId={roomId} />;
  return (
    <main className="page narrow empty-state">
      {lookup === "checking" && <p className="muted">Opening room…</p>}
      {lookup === "missing" && <h1>This room does not exist</h1>}
      {lookup === "error" && <h1>The room could not be opened. Check your connection and reload.</h1>}
      {lookup !== "checking" && (
        <p>
          <Link href="/">Back to your rooms</Link>
        </p>
      )}
    </main>
  );
}

const isRoom = (doc: LiveDoc): doc is LiveDoc & RoomDoc => typeof doc.name === "string";

function LiveRoom({ roomId }: { roomId: string }) {
  return (
    <SessionProvider path={`rooms/${encodeURIComponent(roomId)}/websocket`}>
      <RoomView />
    </SessionProvider>
  );
}

function RoomView() {
  useSubscribe(PUBLICATION.ROOM);
  const [room] = useFind(COLLECTION.ROOMS, isRoom);
  return (
    <>
      <Header>{room ? <RoomTitle room={room} /> : <span className="muted">Loading…</span>}</Header>
      <main className="page">
        <AddItemForm />
        <ItemList />
      </main>
    </>
  );
}
