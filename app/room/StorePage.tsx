/** The room's online store (docs/product.md §5): connection, publishing and sync. */
import type { RoomRole } from "../../protocol/api";
import { StorePanel } from "../store/StorePanel";

export function StorePage({ role }: { role: RoomRole | null }) {
  return <StorePanel role={role} />;
}
