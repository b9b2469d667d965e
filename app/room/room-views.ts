/** The room's pages and their addresses: the URL holds the view. */
export const ROOM_VIEWS = [
  { view: "catalogue", path: "", label: "Catalogue" },
  { view: "stocktake", path: "/stocktake", label: "Stocktake" },
  { view: "stall", path: "/stall", label: "Stall" },
  { view: "orders", path: "/orders", label: "Orders" },
  { view: "print", path: "/print", label: "Print station" },
  { view: "dashboard", path: "/dashboard", label: "Dashboard" },
  { view: "team", path: "/team", label: "Team" },
  { view: "store", path: "/store", label: "Store" },
  { view: "settings", path: "/settings", label: "Settings" },
] as const;

/** The room's pages: its tabs, an item's page, and the stock report (under the dashboard). */
export type RoomView = (typeof ROOM_VIEWS)[number]["view"] | "item" | "report";

export function roomViewOf(segment: string | undefined): RoomView {
  if (segment === "report") return "report";
  return ROOM_VIEWS.find((entry) => entry.path === `/${segment}`)?.view ?? "catalogue";
}

export function roomPath(roomId: string, view: Exclude<RoomView, "item" | "report">): string {
  return `/rooms/${roomId}${ROOM_VIEWS.find((entry) => entry.view === view)?.path ?? ""}`;
}

/** The room's live endpoint (also what names the browser's stores of it). */
export const roomEndpoint = (roomId: string) => `rooms/${encodeURIComponent(roomId)}/websocket`;
