import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link } from "wouter";
import { COLLECTION, can, PUBLICATION, type RoomDoc } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { CatalogueList } from "../catalogue/CatalogueList";
import { ItemPage } from "../catalogue/ItemPage";
import { AddItemForm } from "../components/AddItemForm";
import { Header } from "../components/Header";
import { MembersPanel, useMyRole } from "../components/MembersPanel";
import { PhotoIntake } from "../components/PhotoIntake";
import { PresenceList } from "../components/PresenceList";
import { RoomLogo } from "../components/RoomLogo";
import { RoomTitle } from "../components/RoomTitle";
import { SessionProvider } from "../components/SessionProvider";
import { type LiveDoc, useFind, useSubscribe, useSubscription } from "../live";
import { StorePanel } from "../store/StorePanel";

type Lookup = "checking" | "found" | "missing" | "error";

/** Charts (and uPlot) download only when someone opens the dashboard. */
const DashboardPanel = lazy(() => import("../dashboard/DashboardPanel"));

/** Checks the room exists before opening its live connection. */
export function RoomPage({ roomId, view, itemId }: { roomId: string; view?: string | undefined; itemId?: string }) {
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

  if (lookup === "found") {
    const shown: RoomViewName = view === "dashboard" || view === "item" ? view : "catalogue";
    return <LiveRoom roomId={roomId} view={shown} itemId={itemId} />;
  }
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

type RoomViewName = "catalogue" | "dashboard" | "item";

interface RoomViewProps {
  roomId: string;
  view: RoomViewName;
  itemId?: string | undefined;
}

function LiveRoom(props: RoomViewProps) {
  return (
    <SessionProvider path={`rooms/${encodeURIComponent(props.roomId)}/websocket`}>
      <RoomView {...props} />
    </SessionProvider>
  );
}

function RoomView({ roomId, view, itemId }: RoomViewProps) {
  const { userId, loggingIn } = useLoginState();
  const roomSubscription = useSubscription(PUBLICATION.ROOM);
  useSubscribe(PUBLICATION.MEMBERS);
  // Held for the whole room, so moving between the list and an item page sends nothing again.
  const itemsLoading = useSubscribe(PUBLICATION.ITEMS);
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
        <PresenceList />
      </Header>
      <main className="page">
        <nav className="room-tabs" aria-label="Room">
          <Link href={`/rooms/${roomId}`} aria-current={view !== "dashboard" ? "page" : undefined}>
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
        ) : view === "item" && itemId ? (
          <ItemPage roomId={roomId} itemId={itemId} canEdit={can.editItems(role)} loading={itemsLoading} />
        ) : (
          <>
            {can.editItems(role) && <PhotoIntake roomId={roomId} />}
            {can.editItems(role) && <AddItemForm />}
            <CatalogueList roomId={roomId} canEdit={can.editItems(role)} loading={itemsLoading} />
            <MembersPanel role={role} roomName={room?.name ?? ""} />
            <RoomLogo roomId={roomId} canManage={can.manageMembers(role)} />
            <StorePanel role={role} />
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
