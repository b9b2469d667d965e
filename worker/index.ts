/**
 * The Worker: routes `/api/*` and `/cdn/*` (everything else is the React app,
 * served from static assets with SPA fallback), and runs the cron jobs.
 */

import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { ROOM_ID_PATTERN } from "../protocol/api";
import { HOME_SHARDS } from "../protocol/constants";
import { FILE_COLLECTIONS, validateFileCollections } from "../protocol/files";
import { cookieRoutes } from "./accounts/cookie-route";
import { removeExpiredTokens } from "./accounts/expired-tokens-job";
import { oauthRoutes } from "./accounts/oauth-routes";
import { migrationsRoutes } from "./admin/migrations-routes";
import { purchaseOrderRoutes } from "./buying/order-pdf-route";
import { DATA_MIGRATIONS } from "./data-migrations/registry";
import { runDataMigrations } from "./data-migrations/runner";
import { type Database, openDatabase } from "./db/directory/database";
import { deleteMovedRows } from "./db/directory/legacy-rows-job";
import { roomDeletedAt } from "./db/directory/memberships-repo";
import { findRoom } from "./db/directory/rooms-repo";
import { devOutbox } from "./db/directory/schema";
import { edgeRateLimit } from "./edge-rate-limit";
import { devOutboxEnabled, type EmailAttachment } from "./email/mailer";
import { downloadRoutes } from "./files/download-route";
import { sweepOrphanObjects } from "./files/orphan-sweep";
import { uploadRoutes } from "./files/upload-route";
import { forwardToLiveObject, homeShardOf } from "./live/route";
import { exportRoutes } from "./rooms/export-route";
import { restoreRoutes } from "./rooms/restore-route";
import { registerJob, runScheduledJobs } from "./scheduled";
import { shareRoutes } from "./share/share-route";
import { consumeDeadLetters } from "./store/dead-letter-queue";
import { scheduleStoreSyncs } from "./store/sync-job";
import { consumeStoreWebhooks, type QueuedWebhook } from "./store/webhook-consumer";
import { webhookRoutes } from "./store/webhook-route";

export { RoomDO } from "./objects/room-do";
export { HomeDO } from "./rooms/home-do";

// A public file collection without its own download route is a configuration error: fail at start-up.
validateFileCollections(FILE_COLLECTIONS);

// Data migrations first: the other jobs may rely on the data they prepare.
registerJob({
  name: "data-migrations",
  run: async (env) => {
    const outcome = await runDataMigrations(env, DATA_MIGRATIONS);
    if (outcome.status === "failed") console.error(`cron: data migration ${outcome.version} failed: ${outcome.error}`);
  },
});
registerJob({ name: "expired-tokens", run: (env, now) => removeExpiredTokens(env, now).then(() => {}) });
registerJob({ name: "store-sync-alarms", run: (env, now) => scheduleStoreSyncs(env, now).then(() => {}) });
registerJob({ name: "moved-rows", run: (env, now) => deleteMovedRows(env.DB, now).then(() => {}) });
registerJob({ name: "orphan-sweep", run: (env, now) => sweepOrphanObjects(env, now).then(() => {}) });

const app = new Hono<{ Bindings: Env }>();

app.get("/api/health", (c) => c.json({ ok: true }));

// Socket floods are refused here, before any Durable Object is touched.
app.use("/api/websocket", edgeRateLimit("sockets"));
app.use("/api/rooms/:roomId/websocket", edgeRateLimit("sockets"));

/** Connections with no room open go to one of the HomeDO shards. */
app.get("/api/websocket", (c) => {
  const requested = Number.parseInt(c.req.query("shard") ?? "", 10);
  const shard =
    Number.isInteger(requested) && requested >= 0 && requested < HOME_SHARDS
      ? requested
      : homeShardOf(c.req.header("CF-Connecting-IP") ?? null);
  return forwardToLiveObject(c.env.HOME, `home-${shard}`, c.req.raw);
});

/**
 * A room that is not there: 410 with when it was deleted (so a tab or link
 * coming back to it can say so), else 404.
 */
async function roomGone(db: Database, roomId: string): Promise<Response> {
  const deletedAt = ROOM_ID_PATTERN.test(roomId) ? await roomDeletedAt(db, roomId) : null;
  if (deletedAt === null) throw new HTTPException(404, { message: "Room not found" });
  return Response.json(
    { error: "This room was deleted", deletedAt: new Date(deletedAt).toISOString() },
    { status: 410 },
  );
}

/** Lets the app tell "no such room" (or "deleted") apart from a connection problem. */
app.get("/api/rooms/:roomId", async (c) => {
  const roomId = c.req.param("roomId");
  const db = openDatabase(c.env.DB);
  const room = ROOM_ID_PATTERN.test(roomId) ? await findRoom(db, roomId) : null;
  if (!room) return roomGone(db, roomId);
  // Existence only: the name is for members, over the live connection.
  return c.json({ id: room.id });
});

app.get("/api/rooms/:roomId/websocket", async (c) => {
  const roomId = c.req.param("roomId");
  if (!ROOM_ID_PATTERN.test(roomId)) throw new HTTPException(404, { message: "Room not found" });
  const db = openDatabase(c.env.DB);
  if (!(await findRoom(db, roomId))) return roomGone(db, roomId);
  return forwardToLiveObject(c.env.ROOM, roomId, c.req.raw);
});

app.use("/api/auth/*", edgeRateLimit("auth"));
app.route("/api/admin/migrations", migrationsRoutes);
app.route("/api/auth/cookie", cookieRoutes);
app.route("/api/auth/oauth", oauthRoutes);

/** The development outbox: only when running locally (STOCKROOM_DEV_OUTBOX=1). */
app.get("/api/dev/outbox", async (c) => {
  if (!devOutboxEnabled(c.env)) throw new HTTPException(404, { message: "Not found" });
  const rows = await openDatabase(c.env.DB).select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(200).all();
  return c.json(
    rows.map(({ id, sentAt, attachments, ...mail }) => ({
      id,
      ...mail,
      // What each file is; its bytes come from the route below.
      attachments: (JSON.parse(attachments) as EmailAttachment[]).map(({ filename, type, content }) => ({
        filename,
        type,
        size: Math.floor((content.length * 3) / 4),
      })),
      sentAt: new Date(sentAt).toISOString(),
    })),
  );
});

/** One file of a development outbox e-mail, as it was attached (a purchase order's PDF). */
app.get("/api/dev/outbox/:id/attachments/:index", async (c) => {
  if (!devOutboxEnabled(c.env)) throw new HTTPException(404, { message: "Not found" });
  const row = await openDatabase(c.env.DB)
    .select()
    .from(devOutbox)
    .where(eq(devOutbox.id, Number(c.req.param("id"))))
    .get();
  const file = row ? (JSON.parse(row.attachments) as EmailAttachment[])[Number(c.req.param("index"))] : undefined;
  if (!file) throw new HTTPException(404, { message: "Not found" });
  const bytes = Uint8Array.from(atob(file.content), (char) => char.charCodeAt(0));
  return new Response(bytes, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/[^\w.-]/g, "_")}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});

// Limited by shop once a delivery's signature is checked, and by address when it is forged (webhook-route.ts).
app.route("/api/webhooks", webhookRoutes);
app.use("/api/rooms/:roomId/export", edgeRateLimit("files"));
app.use("/api/rooms/:roomId/restore", edgeRateLimit("files"));
app.route("/api/rooms", exportRoutes);
app.route("/api/rooms", purchaseOrderRoutes);
app.route("/api/rooms", restoreRoutes);
app.use("/api/share/*", edgeRateLimit("share"));
app.route("/api/share", shareRoutes);
app.use("/cdn/storage/*", edgeRateLimit("files"));
app.route("/cdn/storage", uploadRoutes);
app.route("/cdn/storage", downloadRoutes);

app.all("/api/*", () => {
  throw new HTTPException(404, { message: "Not found" });
});
app.all("/cdn/*", () => {
  throw new HTTPException(404, { message: "Not found" });
});

app.onError((error, c) => {
  if (error instanceof HTTPException) return c.json({ error: error.message }, error.status);
  console.error("worker: unhandled error", error);
  return c.json({ error: "Internal server error" }, 500);
});

export default {
  fetch: app.fetch,
  async scheduled(controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime));
  },
  async queue(batch, env) {
    if (batch.queue.endsWith("-dlq")) {
      await consumeDeadLetters(batch as MessageBatch<QueuedWebhook>, env);
    } else if (batch.queue.startsWith("stockroom-store-webhooks")) {
      await consumeStoreWebhooks(batch as MessageBatch<QueuedWebhook>, env);
    } else {
      console.error(`queue: no consumer for ${batch.queue}`);
      batch.ackAll();
    }
  },
} satisfies ExportedHandler<Env>;
