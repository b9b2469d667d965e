/**
 * A room: checks it exists, opens its live connection, and shows one of its
 * pages — Catalogue · Dashboard · Team · Store · Settings — under one header
 * (room name, who is here, connection status, account menu). The address
 * names the page, and the browser tab names the page and the room.
 */
import { type ReactNode, Suspense, useEffect, useMemo, useRef } from "react";
import { Link } from "wouter";
import { COLLECTION, can, type ItemDoc, PUBLICATION, type RoomDoc } from "../../protocol/api";
import { useLoginState } from "../accounts";
import { readStoredLogin } from "../accounts/stored-login";
import { receivingStubs } from "../buying/receiving-stubs";
import { bulkEditStubs } from "../catalogue/bulk-edit-stubs";
import { catalogueHref } from "../catalogue/catalogue-memory";
import { itemStubs } from "../catalogue/item-stubs";
import { RoomSizeContext, useRoomSizeProbe } from "../catalogue/room-size";
import { useSaveLeftDrafts } from "../catalogue/use-save-left-drafts";
import { variantStubs } from "../catalogue/variant-stubs";
import { Header } from "../components/Header";
import { SessionProvider } from "../components/SessionProvider";
import { DashboardSkeleton } from "../dashboard/DashboardSkeleton";
import { lazyPage, whenIdle } from "../lazy-page";
import { type LiveDoc, useConnection, useFind, useStubs } from "../live";
import { useSubscribe, useSubscribeIf, useSubscription } from "../live-api";
import { PrintBanner } from "../printing/PrintBanner";
import { CataloguePage } from "../room/CataloguePage";
import { forgetRoom } from "../room/forget-room";
import { PresenceList } from "../room/PresenceList";
import { RoomOpening } from "../room/RoomOpening";
import { useRoomLookup } from "../room/room-lookup";
import { ROOM_VIEWS, type RoomView, roomEndpoint, roomPath, roomViewOf } from "../room/room-views";
import { useRoleNotice } from "../room/use-role-notice";
import { useRoomEnding } from "../room/use-room-ending";
import { stockStubs } from "../stock/stock-stubs";
import { LocationsLoadingContext } from "../stock/use-locations";
import { stocktakeStubs } from "../stocktake/stocktake-stubs";
import { useMyRole } from "../team/use-my-role";
import { TabNav } from "../ui/TabNav";
import { useToast } from "../ui/Toast";
import { useDocumentTitle } from "../ui/use-document-title";
import "../room/room.css";

/** Charts (and uPlot) download only when someone opens the dashboard. */
// The catalogue comes with the room; each other view is its own chunk, fetched when the browser is idle.
const Dashboard = lazyPage(
  () => import("../dashboard/DashboardPanel"),
  (m) => m.default,
);
const Item = lazyPage(
  () => import("../catalogue/ItemPage"),
  (m) => m.ItemPage,
);
const Team = lazyPage(
  () => import("../room/TeamPage"),
  (m) => m.TeamPage,
);
const Store = lazyPage(
  () => import("../room/StorePage"),
  (m) => m.StorePage,
);
const Settings = lazyPage(
  () => import("../room/SettingsPage"),
  (m) => m.SettingsPage,
);
const Stocktake = lazyPage(
  () => import("../stocktake/StocktakePage"),
  (m) => m.StocktakePage,
);
const Stall = lazyPage(
  () => import("../stall/StallPage"),
  (m) => m.StallPage,
);
const Report = lazyPage(
  () => import("../buying/StockReportPage"),
  (m) => m.StockReportPage,
);
const Orders = lazyPage(
  () => import("../buying/OrdersPage"),
  (m) => m.OrdersPage,
);
const Print = lazyPage(
  () => import("../printing/PrintPage"),
  (m) => m.PrintPage,
);
const VIEWS = [Dashboard, Item, Team, Store, Settings, Stocktake, Stall, Orders, Report, Print];

/** Checks the room exists before opening its live connection. */
export function RoomPage({
  roomId,
  view,
  itemId,
  orderId,
}: {
  roomId: string;
  view?: string | undefined;
  itemId?: string;
  /** The purchase order opened (its own address under Orders). */
  orderId?: string;
}) {
  const lookup = useRoomLookup(roomId);
  useDocumentTitle(
    lookup.state === "missing" ? "Room not found" : lookup.state === "deleted" ? "Room deleted" : "Room",
  );
  // The room is gone: what this browser kept of it goes too.
  useEffect(() => {
    const userId = readStoredLogin()?.userId;
    if (lookup.state === "deleted" && userId) forgetRoom(userId, roomId);
  }, [lookup.state, roomId]);

  // With no line to the server the room still opens: from what the browser kept of it, if anything.
  if (lookup.state === "found" || lookup.state === "error") {
    return (
      <LiveRoom roomId={roomId} view={view === "item" ? "item" : roomViewOf(view)} itemId={itemId} orderId={orderId} />
    );
  }
  return (
    <main className="page narrow empty-state">
      {lookup.state === "checking" && <p className="muted">Opening room…</p>}
      {lookup.state === "missing" && <h1>This room does not exist</h1>}
      {lookup.state === "deleted" && (
        <>
          <h1>This room was deleted</h1>
          <p>
            {lookup.deletedAt ? `It was deleted on ${lookup.deletedAt.toLocaleString()}. ` : ""}Changes you made in it
            that were not saved yet could not be kept.
          </p>
        </>
      )}
      {lookup.state !== "checking" && (
        <p>
          <Link href="/">Back to your rooms</Link>
        </p>
      )}
    </main>
  );
}

const isRoom = (doc: LiveDoc): doc is LiveDoc & RoomDoc => typeof doc.name === "string";

interface RoomViewProps {
  roomId: string;
  view: RoomView;
  itemId?: string | undefined;
  orderId?: string | undefined;
}

/**
 * What a room keeps for offline use: the room, its members (your role), items, file records, its
 * locations (where received units go) and its stocktake, with what its labels encode (so a label
 * scanned in a basement after a reload still counts, and a delivery is still received there), and
 * the purchase orders open on this device with their lines and tally.
 */
const OFFLINE_COLLECTIONS = [
  COLLECTION.ROOMS,
  COLLECTION.MEMBERS,
  COLLECTION.ITEMS,
  COLLECTION.LOCATIONS,
  COLLECTION.FILES,
  COLLECTION.STOCKTAKES,
  COLLECTION.STOCKTAKE_SCANS,
  COLLECTION.STOCKTAKE_TALLY,
  COLLECTION.STOCKTAKE_LABELS,
  COLLECTION.ITEM_COUNTS,
  // An order being received in a back room with no signal (docs/buying.md).
  COLLECTION.PURCHASE_ORDERS,
  COLLECTION.PURCHASE_ORDER_LINES,
  COLLECTION.PURCHASE_ORDER_TALLY,
];

function LiveRoom(props: RoomViewProps) {
  return (
    <SessionProvider path={roomEndpoint(props.roomId)} offlineCollections={OFFLINE_COLLECTIONS}>
      <RoomForUser {...props} />
    </SessionProvider>
  );
}

/**
 * The room as the person signed in now sees it: a sign-out and a sign-in
 * (in this tab or another) start it afresh, so nothing refused while signed
 * out (e.g. "You do not have access") stays on screen for the member who is
 * back.
 */
function RoomForUser(props: RoomViewProps) {
  const { userId } = useLoginState();
  return <RoomShell key={userId ?? "signed-out"} {...props} />;
}

const VIEW_TITLES: Record<RoomView, string> = {
  catalogue: "Catalogue",
  stocktake: "Stocktake",
  stall: "Stall",
  orders: "Orders",
  print: "Print station",
  dashboard: "Dashboard",
  team: "Team",
  store: "Store",
  settings: "Settings",
  item: "Item",
  report: "Stock report",
};

function RoomShell({ roomId, view, itemId, orderId }: RoomViewProps) {
  const { userId, loggingIn } = useLoginState();
  const roomSubscription = useSubscription(PUBLICATION.ROOM);
  useSubscribe(PUBLICATION.MEMBERS);
  // Held for the whole room, so moving between its pages sends nothing again: the whole catalogue,
  // unless the room is too big to send whole (room-size.ts).
  const roomSize = useRoomSizeProbe();
  const wholeLoading = useSubscribeIf(roomSize === "whole", PUBLICATION.ITEMS);
  // A big room's pages hold their own windows (and say while they load).
  const itemsLoading = roomSize === "big" ? false : wholeLoading;
  useSubscribe(PUBLICATION.FILES);
  // Held for the whole room too (every page's useLocations reads it), so the browser keeps them:
  // a delivery is still received into a location after a reload with no line.
  const locationsLoading = useSubscribe(PUBLICATION.LOCATIONS);
  const [room] = useFind(COLLECTION.ROOMS, isRoom);
  const role = useMyRole();
  // Item edits show at once (their stubs), and the server's answer confirms or takes them back.
  const current = useRef({ room, userId });
  current.current = { room, userId };
  // A big room's stocktake puts the device copy here, so a scan's stub finds items no window holds.
  const deviceItems = useRef<readonly ItemDoc[]>([]);
  const stubs = useMemo(
    () => ({
      ...itemStubs({
        roomCurrency: () => current.current.room?.currency ?? null,
        userId: () => current.current.userId ?? null,
      }),
      ...stocktakeStubs({ userId: () => current.current.userId ?? null, deviceItems }),
      ...receivingStubs({ deviceItems }),
      ...stockStubs(),
      ...bulkEditStubs(),
      ...variantStubs({ userId: () => current.current.userId ?? null }),
    }),
    [],
  );
  useStubs(stubs);
  // Edits left waiting by an earlier visit (a reload, a closed tab, hours offline) go again now,
  // shown at once by their stubs; one the server refuses meanwhile is reported in words.
  const connection = useConnection();
  const toast = useToast();
  useEffect(() => {
    const stop = connection.onRestoredCallFailed((_name, error) =>
      toast.show({ text: `A change made earlier could not be saved: ${error.reason}`, tone: "danger" }),
    );
    void connection.restoreWaitingCalls();
    return stop;
  }, [connection, toast]);
  useSaveLeftDrafts(roomId, userId, !itemsLoading);
  useRoleNotice(role, room?.name ?? "");
  useRoomEnding(userId, roomId, room?.name ?? "");
  useDocumentTitle(view === "item" ? null : VIEW_TITLES[view], room?.name);
  // The other views' code comes while the browser is idle, so each tab opens at once.
  useEffect(
    () =>
      whenIdle(() => {
        for (const lazyView of VIEWS) lazyView.prefetch();
      }),
    [],
  );

  if (!userId && !loggingIn) {
    return (
      <RoomMessage title="Sign in to open this room">
        <Link href={`/sign-in?next=${encodeURIComponent(`/rooms/${roomId}`)}`}>Sign in</Link> or{" "}
        <Link href={`/sign-up?next=${encodeURIComponent(`/rooms/${roomId}`)}`}>create an account</Link>. Rooms are open
        to their members only.
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
  const tabs = ROOM_VIEWS.map(({ view: tab, label }) => ({
    // The Catalogue tab returns to the list as it was left (its search, filters and sort).
    // Back to the list as it was left; on the list itself, its address is already the live one.
    href: tab === "catalogue" && view !== "catalogue" ? catalogueHref(roomId) : roomPath(roomId, tab),
    label,
    current: view === tab || (view === "item" && tab === "catalogue") || (view === "report" && tab === "dashboard"),
  }));
  return (
    <>
      <Header>
        <div className="room-heading">
          {room ? (
            <h1 className="room-name" data-testid="room-name">
              {room.name}
            </h1>
          ) : (
            <span className="muted">Loading…</span>
          )}
          <PresenceList />
        </div>
      </Header>
      <div className="room-nav">
        <TabNav label="Room" tabs={tabs} />
      </div>
      {view !== "print" && <PrintBanner roomId={roomId} />}
      <main className="page room-page">
        <RoomOpening />
        <RoomSizeContext.Provider value={roomSize}>
          <LocationsLoadingContext.Provider value={locationsLoading}>
            <Suspense fallback={view === "dashboard" ? <DashboardSkeleton /> : <p className="muted">Loading…</p>}>
              {view === "dashboard" ? (
                <Dashboard.Page />
              ) : view === "item" && itemId ? (
                <Item.Page roomId={roomId} itemId={itemId} canEdit={can.editItems(role)} loading={itemsLoading} />
              ) : view === "stocktake" ? (
                <Stocktake.Page role={role} roomId={roomId} deviceItems={deviceItems} />
              ) : view === "stall" ? (
                <Stall.Page role={role} roomId={roomId} deviceItems={deviceItems} />
              ) : view === "report" ? (
                <Report.Page roomId={roomId} />
              ) : view === "print" ? (
                <Print.Page role={role} roomId={roomId} />
              ) : view === "orders" ? (
                <Orders.Page role={role} roomId={roomId} orderId={orderId} deviceItems={deviceItems} />
              ) : view === "team" ? (
                <Team.Page role={role} roomName={room?.name ?? ""} />
              ) : view === "store" ? (
                <Store.Page role={role} />
              ) : view === "settings" ? (
                room ? (
                  <Settings.Page roomId={roomId} room={room} role={role} />
                ) : (
                  <p className="muted">Loading…</p>
                )
              ) : (
                <CataloguePage roomId={roomId} role={role} loading={itemsLoading} />
              )}
            </Suspense>
          </LocationsLoadingContext.Provider>
        </RoomSizeContext.Provider>
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
