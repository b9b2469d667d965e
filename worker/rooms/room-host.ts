import type { RoomRole } from "../../protocol/api";
import type { AccountsHost } from "../accounts/accounts-host";
import type { Dashboard } from "../dashboard/dashboard";
import type { UploadManager } from "../files/upload-manager";
import type { StoreRuntime } from "../store/store-runtime";
import type { Presence } from "./presence";
import type { WriteQueue } from "./write-queue";

/** What the RoomDO gives its features: accounts' needs plus the room. */
export interface RoomHost extends AccountsHost {
  roomId: string;
  /** The user's role here (cached; this object is the only writer of its memberships). */
  roleOf(userId: string): Promise<RoomRole | null>;
  /** Call after changing a membership. */
  forgetRole(userId: string): void;
  /** Closes a user's connections to this room (all when null), e.g. after removal. */
  disconnectUser(userId: string | null, reason: string): void;
  /** Uploads in progress in this room. */
  uploads: UploadManager;
  /** Where finished files' bytes live. */
  bucket: R2Bucket;
  /** The room's live figures, counted from every item and order change. */
  dashboard: Dashboard;
  /** Item and order writes, one at a time (see write-queue.ts). */
  writes: WriteQueue;
  /** Who is in the room right now (in memory: it is about this object's live connections). */
  presence: Presence;
  /** The store's sync, publishing and follow-up state (in memory, like presence). */
  store: StoreRuntime;
}
