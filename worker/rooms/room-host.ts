import type { MemberDoc, RoomRole, StoreDriftLine } from "../../protocol/api";
import type { AccountsHost } from "../accounts/accounts-host";
import type { Dashboard } from "../dashboard/dashboard";
import type { OrderInput } from "../db/room/orders-repo";
import type { RoomDatabase } from "../db/room/room-database";
import type { ItemRow } from "../db/room/room-schema";
import type { UploadManager } from "../files/upload-manager";
import type { OpeningProgress } from "./opening-progress";
import type { Presence } from "./presence";
import type { WriteQueue } from "./write-queue";

/**
 * What other features add to the room's own work, wired by the RoomDO (the
 * one place that knows every feature): the room's modules call these
 * without importing the features behind them.
 */
export interface RoomExtensions {
  /** Public pages other than the share page, by item id (the store's product page of a listed item). */
  itemPages(host: RoomHost, items: readonly ItemRow[]): Promise<Map<string, string>>;
  /**
   * Once the room is gone from the directory: marks it owed, then after
   * `closeAfterMs` closes its connections and erases its files' bytes,
   * every table and key of its own storage, and its alarm (a restart
   * part-way finishes it when the object wakes).
   */
  eraseRoom(host: RoomHost, closeAfterMs: number): Promise<void>;
  /** Records one order from the store (checked, idempotent by its store id); answers its id. */
  recordOrder(host: RoomHost, input: unknown): Promise<string>;
  /** Orders new to the room arrived (from a sync): members who asked are told by e-mail. */
  ordersArrived(host: RoomHost, orders: readonly OrderInput[]): void;
  /** Signed links from which an outside service (the store) can fetch each photo's web copy for a while. */
  photoLinks(host: RoomHost, photoIds: readonly string[], origin: string): Promise<string[]>;
  /** What the last drift check found: variants whose stock here and in the store differ (the daily e-mail says so). */
  storeDrift(host: RoomHost): { differences: number; lines: readonly StoreDriftLine[] };
}

/** What the RoomDO gives its features: accounts' needs plus the room. */
export interface RoomHost extends AccountsHost {
  roomId: string;
  /**
   * The room's own SQLite: its items, history, files, orders, store and
   * stocktakes (docs/architecture.md §2). `db` (D1) is the directory: people, rooms,
   * memberships, links.
   */
  roomDb: RoomDatabase;
  /**
   * Sends what the room owes the directory (directory-outbox.ts) now; what
   * cannot be sent is retried by the room's alarm. Never throws.
   */
  syncDirectory(): Promise<void>;
  /** Makes sure the room's alarm goes off by `at` (features that wait for a time: the store's next sync). */
  wakeAt(at: number): Promise<void>;
  /** The user's role here (cached; this object is the only writer of its memberships). */
  roleOf(userId: string): Promise<RoomRole | null>;
  /** Call after changing a membership (also forgets the member list below). */
  forgetRole(userId: string): void;
  /**
   * The room's members as listed (with their e-mail and order e-mail
   * choice), read from the directory once and kept until a membership
   * changes here (forgetRole) or a member's profile changes (refreshMember).
   */
  members(): Promise<MemberDoc[]>;
  /**
   * Closes a user's connections to this room (all when null), e.g. after
   * removal — once what was already said to them (say, why: room-endings.ts)
   * has gone out.
   */
  disconnectUser(userId: string | null, reason: string): Promise<void>;
  /** How far the room's first-wake move or a restore got while it lasts (room-opening.ts), else null. */
  opening(): OpeningProgress | null;
  /**
   * Fills the room from the backup a restore noted (backup-restore.ts),
   * holding its calls and subscriptions until it is done, as on a first
   * wake's move; a restart goes on by itself.
   */
  fillFromBackup(): void;
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
  extensions: RoomExtensions;
}
