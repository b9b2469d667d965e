/** The room's online store (SPEC A5): connection, publishing and sync. */
import type { RoomRole } from "../../protocol/api";
import { StorePanel } from "../store/StorePanel";

export function StorePage({ role }: { role: RoomRole | null }) {
  return <StorePanel role={role} />;
}
