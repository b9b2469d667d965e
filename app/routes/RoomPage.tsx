import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link } from "wouter";
import { COLLECTION, can, PUBLICATION, type RoomDoc } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { AddItemForm } from "../components/AddItemForm";
import { Header } from "../components/Header";
import { ItemList } from "../components/ItemList";
import { MembersPanel, useMyRole } from "../components/MembersPanel";
import { PhotoIntake } from "../components/PhotoIntake";
import { RoomTitle } from "../components/RoomTitle";
import { SessionProvider } from "../components/SessionProvider";
import { type LiveDoc, useFind, useSubscribe, useSubscription } from "../live";

type Lookup = "checking" | "found" | "missing" | "error";

/** Charts (and uPlot) download only when someone opens the dashboard. */
const DashboardPanel = lazy(() => import("../dashboard/DashboardPanel"));

/** Checks the room exists before opening its live connection. */
export function RoomPage({ roomId, view }: { roomId: string; view?: string | undefined }) {
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

  if (lookup === "found") return <LiveRoom roomId={roomId} view={view === "dashboard" ? "dashboard" : "catalogue"} />;
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

type RoomViewName = "catalogue" | "dashboard";

function LiveRoom({ roomId, view }: { roomId: string; view: RoomViewName }) {
  return (
    <SessionProvider path={`rooms/${encodeURIComponent(roomId)}/websocket`}>
      <RoomView roomId={roomId} view={view} />
    </SessionProvider>
  );
}

function RoomView({ roomId, view }: { roomId: string; view: RoomViewName }) {
  const { userId, loggingIn } = useLoginState();
  const roomSubscription = useSubscription(PUBLICATION.ROOM);
  useSubscribe(PUBLICATION.MEMBERS);
  useSubscribe(PUBLICATION.FILES);
  const [room] = useFind(COLLECTION.ROOMS, isRoom);
  const role = useMyRole();

  if (!userId && !loggingIn) {
    return (
      <RoomMessage title="Sign in to open this room">
        <Link href="/sign-in">Sign in</Link> or <Link href="/sign-up">create an account</Link>. Rooms are open to their
        members only.
      </RoomMessage>
    );
  }
  if (roomSubscription.error) {
    return (
      <RoomMessage title="You do not have access to this room">
        Ask its owner to invite you. <Link href="/">Back to your rooms</Link>
      </RoomMessage>
    );
  }
  return (
    <>
      <Header>
        {room ? <RoomTitle room={room} canRename={can.renameRoom(role)} /> : <span className="muted">Loading…</span>}
      </Header>
      <main className="page">
        <nav className="room-tabs" aria-label="Room">
          <Link href={`/rooms/${roomId}`} aria-current={view === "catalogue" ? "page" : undefined}>
            Catalogue
          </Link>
          <Link href={`/rooms/${roomId}/dashboard`} aria-current={view === "dashboard" ? "page" : undefined}>
            Dashboard
          </Link>
        </nav>
        {view === "dashboard" ? (
          <Suspense fallback={<p className="muted">Loading the dashboard…</p>}>
            <DashboardPanel />
          </Suspense>
        ) : (
          <>
            {can.editItems(role) && <PhotoIntake roomId={roomId} />}
            {can.editItems(role) && <AddItemForm />}
            <ItemList canEdit={can.editItems(role)} />
            <MembersPanel role={role} />
          </>
        )}
      </main>
    </>
  );
}

function RoomMessage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <Header />
      <main className="page narrow empty-state">
        <h1>{title}</h1>
        <p>{children}</p>
      </main>
    </>
  );
}
