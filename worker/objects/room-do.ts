/**
 * One Durable Object per room: the live state of that room. It hosts the
 * features listed in room-features.ts (registered with the live layer, run
 * when the room opens and at its alarm, and wired to each other through
 * RoomHost.extensions, so the features never import each other's modules),
 * gives them the room (createHost), and is the Worker's way in to them by
 * RPC: each entry point below only hands over to its feature.
 */

import type { Connection, WSMessage } from "partyserver";
import type { SharedItem } from "../../protocol/api";
import { LiveError } from "../../protocol/errors";
import { AccountsLiveServer } from "../accounts/accounts-live-server";
import { orderPdfFile } from "../buying/order-email";
import { roomDashboard } from "../dashboard/room-dashboard";
import { openDatabase } from "../db/directory/database";
import { roomDeletedAt } from "../db/directory/memberships-repo";
import { AppliedWrites } from "../db/room/applied-writes-repo";
import { findRoomFile, versionsByFile } from "../db/room/files-repo";
import { migrateRoomDatabase, openRoomDatabase } from "../db/room/room-database";
import type { FileRow } from "../db/room/room-schema";
import { moveLegacyRows, rowsMoved } from "../db/room/room-upgrade";
import { removeRoomFiles } from "../files/files-service";
import { type HttpUploadRequest, httpUpload } from "../files/http-upload";
import { UploadManager } from "../files/upload-manager";
import { openStockLedger } from "../inventory/open-ledger";
import { LiveRegistry } from "../live/registry";
import { recordOrder } from "../orders/orders-service";
import { restoreBackup, restoreFailure, restoreUnderWay } from "../rooms/backup-restore";
import { DirectorySync } from "../rooms/directory-sync";
import { announce } from "../rooms/members-feature";
import type { OpeningProgress } from "../rooms/opening-progress";
import { Presence } from "../rooms/presence";
import {
  beginExport,
  dropSnapshot,
  type ExportPage,
  type ExportStart,
  type ExportTable,
  exportRows,
} from "../rooms/room-export";
import type { RoomHost } from "../rooms/room-host";
import { RoomMembers } from "../rooms/room-members";
import { announceOpening } from "../rooms/room-opening";
import { forgetRoomRecord } from "../rooms/room-record";
import { dropFilesWithoutBytes, prepareRestore, resendDirectory } from "../rooms/room-restore";
import { WriteQueue } from "../rooms/write-queue";
import { sharedItem } from "../share/shared-item";
import { keepStoreSyncScheduled } from "../store/sync-schedule";
import { applyStoreWebhook, applyStoreWebhooks, type WebhookDelivery } from "../store/webhook-apply";
import { ROOM_EXTENSIONS, ROOM_FEATURES, runFeatureStep } from "./room-features";
import { type RpcResult, rpcResult } from "./rpc-result";

export type { HttpUploadRequest } from "../files/http-upload";
export type { RpcResult } from "./rpc-result";

/** Set while a deleted room's storage is being erased (cleared with everything else). */
const ERASING_KEY = "erasing";
/** What a deleted room's object answers once its storage is gone. */
const ROOM_DELETED = "This room was deleted";

export class RoomDO extends AccountsLiveServer<RoomHost> {
  /** The room's own SQLite (docs/architecture.md §2), brought to this release's schema and moved in from D1 before anything runs. */
  private readonly roomDb = openRoomDatabase(this.ctx.storage);
  /** The writes method calls made, so a call run again answers instead of writing twice (docs/architecture.md §10). */
  private readonly appliedWrites = new AppliedWrites(this.roomDb, () => Date.now());

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // Before any request, RPC or alarm reaches the object: its tables are this release's.
    void ctx.blockConcurrencyWhile(() => migrateRoomDatabase(this.roomDb));
  }

  /** What the room owes the directory, sent (directory-sync.ts). */
  private readonly directory = new DirectorySync(this.roomDb, this.env.DB, (at) => this.wakeAt(at));
  /** Its storage erased (the room was deleted): no more work is taken. */
  private erased = false;
  /** How far the first-wake move (or a restore from a backup) got, while it runs. */
  private moveProgress: OpeningProgress | null = null;

  /**
   * The room was deleted: its files' bytes, then every table and key of its
   * storage and its alarm (`deleteAll`, the erasing mark with them). From
   * then on the object takes no more work; its connections are closed.
   */
  private async erase(host: RoomHost): Promise<void> {
    await removeRoomFiles(host);
    forgetRoomRecord(host);
    await this.ctx.storage.deleteAll();
    this.erased = true;
  }

  /** Calls and RPCs wait for the room to open; a room erased answers that it was deleted. */
  protected override whenOpen(): Promise<void> {
    const deleted = () => new LiveError(410, ROOM_DELETED);
    if (this.erased) return Promise.reject(deleted());
    // Its opening may find it was deleted (moveRows) and erase it: what waited for it is then told so.
    return super.whenOpen().then(() => {
      if (this.erased) throw deleted();
    });
  }

  override async onMessage(connection: Connection, message: WSMessage): Promise<void> {
    // Its tables are gone: what a connection still sends before it is closed is not read.
    if (this.erased) return;
    return super.onMessage(connection, message);
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string, wasClean: boolean): Promise<void> {
    // A connection closed after the erase has no session record left to drop.
    if (this.erased) return;
    return super.webSocketClose(ws, code, reason, wasClean);
  }

  override async onStart(): Promise<void> {
    if (await this.ctx.storage.get(ERASING_KEY)) {
      // Deleted, and cut off part-way through erasing: finish it.
      await super.onStart();
      await this.erase(this.liveHost);
      return;
    }
    // A room made by the previous release moves its rows in while it already takes connections (room-upgrade.ts).
    if (rowsMoved(this.roomDb)) {
      // A restore a restart cut off goes on before the room serves (backup-restore.ts); its locations come
      // from the backup, so the ledger's first location is not made meanwhile.
      const restoring = restoreUnderWay({ roomDb: this.roomDb });
      if (!restoring) openStockLedger(this.ctx.storage, this.name, Date.now());
      await super.onStart();
      if (restoring) this.fillFromBackup();
      else await this.opened();
    } else {
      this.openWhileServing("room: moving rows from D1", () => this.moveRows());
      await super.onStart();
    }
  }

  private async moveRows(): Promise<void> {
    // Woken after it was deleted (a delivery queued before, a stale link): its start-up has just made its
    // tables again in an empty storage, so it erases itself once more and answers that it was deleted.
    if ((await roomDeletedAt(openDatabase(this.env.DB), this.name)) !== null) {
      await this.erase(this.liveHost);
      return;
    }
    const moved = await moveLegacyRows(
      this.roomDb,
      this.ctx.storage,
      this.env.DB,
      openDatabase(this.env.DB),
      this.name,
      () => Date.now(),
      (progress) => this.noteMove(progress),
    );
    if (moved > 0) console.log(`room ${this.name}: moved ${moved} rows from D1 into its own storage`);
    openStockLedger(this.ctx.storage, this.name, Date.now());
    this.noteMove(null);
    await this.opened();
  }

  /** Fills the room from a backup while it takes connections; its calls wait until it is done (backup-restore.ts). */
  private fillFromBackup(): void {
    this.openWhileServing("room: restoring a backup", async () => {
      const host = this.liveHost;
      await restoreBackup(host, (progress) => this.noteMove(progress));
      const failed = restoreFailure(host);
      this.noteMove(null, failed);
      await this.opened();
      // Its rows came in without changes: screens open meanwhile connect again and read the restored room afresh.
      if (!failed) this.closeUserConnections(null, "The room was restored from a backup");
    });
  }

  private noteMove(progress: OpeningProgress | null, failed: string | null = null): void {
    const previous = this.moveProgress;
    this.moveProgress = progress;
    if (previous || progress || failed)
      announceOpening({ roomId: this.name, emit: (change) => this.hub.emit(change) }, previous, progress, failed);
  }

  /** Once the room's rows are its own: each feature's opening work (room-features.ts). */
  private async opened(): Promise<void> {
    // What a room owed the directory when it last went to sleep goes now, not at some later alarm.
    void this.directory.flush();
    const { due, failed } = await runFeatureStep(ROOM_FEATURES, "opened", this.liveHost);
    if (due !== null) await this.wakeAt(due);
    if (failed) throw failed;
  }

  /** Heartbeats (the live layer's), what the room still owes the directory, and each feature's work when due. */
  override async onAlarm(): Promise<void> {
    await this.whenOpen();
    await super.onAlarm();
    this.appliedWrites.prune();
    await this.directory.flush();
    const { due, failed } = await runFeatureStep(ROOM_FEATURES, "alarm", this.liveHost);
    if (due !== null) await this.wakeAt(due);
    // Thrown once every feature has run and the next alarm is set: the runtime retries the alarm.
    if (failed) throw failed;
  }

  /** Makes sure the object's one alarm goes off by `at` (an earlier one stays). */
  private async wakeAt(at: number): Promise<void> {
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > at) await this.ctx.storage.setAlarm(at);
  }

  protected createRegistry(): LiveRegistry<RoomHost> {
    const registry = new LiveRegistry<RoomHost>();
    for (const feature of ROOM_FEATURES) feature.register(registry);
    return registry;
  }

  /**
   * The HTTP upload route's way in (RPC from the Worker, which has already
   * found who the caller is): the same upload state as the live methods.
   */
  fileUpload(userId: string, request: HttpUploadRequest): Promise<RpcResult> {
    return rpcResult("files: HTTP upload failed", async () => {
      await this.whenOpen();
      return httpUpload(this.liveHost, userId, request);
    });
  }

  /**
   * Records a store order (RPC from the store sync); the dashboard counts it
   * at once. Answers the order's id.
   */
  recordOrder(order: unknown): Promise<RpcResult> {
    return rpcResult("orders: record failed", async () => {
      await this.whenOpen();
      return recordOrder(this.liveHost, order);
    });
  }

  /** Applies a verified store webhook (RPC from the webhook route); answers applied, duplicate or ignored. */
  applyStoreWebhook(delivery: WebhookDelivery): Promise<RpcResult> {
    return rpcResult("store: webhook failed", async () => {
      await this.whenOpen();
      return applyStoreWebhook(this.liveHost, delivery);
    });
  }

  /** Applies a batch of verified store webhooks from the queue in one write turn; answers each one's outcome. */
  applyStoreWebhooks(deliveries: WebhookDelivery[]): Promise<RpcResult> {
    return rpcResult("store: webhook batch failed", async () => {
      await this.whenOpen();
      return applyStoreWebhooks(this.liveHost, deliveries);
    });
  }

  /**
   * Wakes the room so it keeps its own store sync schedule (RPC from the
   * one-pass job for rooms connected before rooms had one); answers when
   * its next sync is due, or null without a store.
   */
  async scheduleStoreSync(): Promise<number | null> {
    await this.whenOpen();
    const due = await keepStoreSyncScheduled(this.liveHost);
    if (due !== null) await this.wakeAt(due);
    return due;
  }

  /** A file's record, for a member's download (RPC from the download route); null when there is none. */
  async fileRecord(fileId: string): Promise<FileRow | null> {
    await this.whenOpen();
    return findRoomFile(this.roomDb, this.name, fileId);
  }

  /** The versions each of these files has (RPC from the orphan sweep); files this room lacks are absent. */
  async fileVersions(fileIds: string[]): Promise<Record<string, string[]>> {
    await this.whenOpen();
    const found = await versionsByFile(this.roomDb, fileIds);
    return Object.fromEntries([...found].map(([id, versions]) => [id, [...versions]]));
  }

  /** Begins an export: the room at this moment, copied, and its store's name (RPC from the export route). */
  async exportBegin(): Promise<ExportStart> {
    await this.whenOpen();
    return beginExport(this.liveHost);
  }

  /** A page of one of the snapshot's tables for its export (RPC from the export route). */
  async exportRows(snapshot: string, table: ExportTable, afterRowId: number, limit: number): Promise<ExportPage> {
    await this.whenOpen();
    return exportRows(this.liveHost, snapshot, table, afterRowId, limit);
  }

  /** A purchase order as its PDF (RPC from its download route); null when the room has no such order. */
  async purchaseOrderPdf(orderId: string): Promise<{ fileName: string; bytes: Uint8Array } | null> {
    await this.whenOpen();
    return orderPdfFile(this.liveHost, orderId);
  }

  /** Ends an export: its snapshot's copies are dropped. */
  async exportEnd(snapshot: string): Promise<void> {
    await this.whenOpen();
    dropSnapshot(this.liveHost, snapshot);
  }

  /**
   * Puts the room back as it was at `at` (RPC from the restore route, which
   * checked the caller is its owner): everyone connected is told, and the
   * object restarts from then. Answers an error where the runtime keeps no
   * history; otherwise the restart ends this call.
   */
  async restoreTo(at: number): Promise<RpcResult> {
    await this.whenOpen();
    const prepared = await rpcResult("rooms: restore failed", () => prepareRestore(this.ctx.storage, at));
    if (!prepared.ok) return prepared;
    this.closeUserConnections(null, "The room is being restored to an earlier time");
    this.ctx.abort("restoring the room to an earlier time");
    return prepared;
  }

  /** Once restored: the directory entries the room keeps are sent again (RPC from the restore route). */
  afterRestore(): Promise<RpcResult> {
    return rpcResult("rooms: directory after restore failed", async () => {
      await this.whenOpen();
      // R2 keeps no history: records of files removed since the moment restored to have no bytes. Should
      // that fail, the directory is renewed all the same.
      await dropFilesWithoutBytes(this.liveHost).catch((error: unknown) =>
        console.error(`room ${this.name}: could not drop file records without bytes`, error),
      );
      return resendDirectory(this.liveHost);
    });
  }

  /** An item's public share page (RPC from the share route); null when it is gone. */
  async sharedItem(itemId: string): Promise<SharedItem | null> {
    await this.whenOpen();
    return sharedItem(this.liveHost, itemId);
  }

  /**
   * Shows a member's changed name to this room's open connections (RPC from
   * the object where they changed it). Not started since it woke: nobody
   * here is watching, and the next read is fresh.
   */
  refreshMember(userId: string): Promise<void> {
    const host = this.startedHost;
    return host ? announce(host, userId, null) : Promise.resolve();
  }

  protected createHost(): RoomHost {
    const db = openDatabase(this.env.DB);
    const members = new RoomMembers(db, this.name);
    return {
      roomId: this.name,
      opening: () => this.moveProgress,
      fillFromBackup: () => this.fillFromBackup(),
      roleOf: (userId) => members.roleOf(userId),
      forgetRole: (userId) => members.forget(userId),
      members: () => members.list(),
      disconnectUser: async (userId, reason) => {
        // The changes already emitted (a removal, its reason) reach the connections before they close.
        await this.hub.settled();
        this.closeUserConnections(userId, reason);
      },
      db,
      roomDb: this.roomDb,
      syncDirectory: () => this.directory.flush(),
      wakeAt: (at) => this.wakeAt(at),
      env: this.env,
      object: { kind: "room", name: this.name },
      emit: (change) => this.hub.emit(change),
      closeTokenConnections: (hashes) => this.closeTokenConnections(hashes),
      hasUserConnections: (userId) => this.hasUserConnections(userId),
      memberChanged: (userId) => this.refreshMember(userId),
      now: () => Date.now(),
      background: (what, task) => this.runInBackground(what, task),
      uploads: new UploadManager(this.ctx.storage.sql, this.env.FILES, () => Date.now()),
      bucket: this.env.FILES,
      dashboard: roomDashboard(
        this.roomDb,
        this.name,
        (change) => this.hub.emit(change),
        () => Date.now(),
      ),
      presence: new Presence((change) => this.hub.emit(change)),
      writes: new WriteQueue(this.appliedWrites),
      extensions: {
        eraseRoom: async (host, closeAfterMs) => {
          // Owed until done: a restart part-way finishes it when the object wakes (onStart).
          await this.ctx.storage.put(ERASING_KEY, true);
          const erasing = new Promise((resolve) => setTimeout(resolve, closeAfterMs))
            .then(() => host.disconnectUser(null, "the room was deleted"))
            .then(() => this.erase(host))
            .catch((error: unknown) => console.error(`room ${this.name}: erasing failed`, error));
          this.ctx.waitUntil(erasing);
        },
        ...ROOM_EXTENSIONS,
      },
    };
  }
}
