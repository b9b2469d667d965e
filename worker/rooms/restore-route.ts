/**
 * `POST /api/rooms/:roomId/restore` with `{ "at": <ms since 1970> }`: the
 * room's owner puts the whole room back as it was then (room-restore.ts).
 * 400 for a time outside the last 30 days, 403 for anyone but an owner,
 * 501 where the runtime keeps no history (local development).
 */
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import * as v from "valibot";
import { can } from "../../protocol/api";
import { ERROR_TEXT } from "../../protocol/errors";
import { requestUserId } from "../accounts/request-user";
import { openDatabase } from "../db/database";
import { roleOf } from "../db/memberships-repo";
import { findRoom } from "../db/rooms-repo";
import type { RoomDO, RpcResult } from "../objects/room-do";
import { restoreTimeProblem } from "./room-restore";

const ROOM_ID = /^[A-Za-z0-9_-]{1,64}$/;
const body = v.object({ at: v.number() });

export const restoreRoutes = new Hono<{ Bindings: Env }>();

restoreRoutes.post("/:roomId/restore", async (c) => {
  const roomId = c.req.param("roomId");
  const userId = await requestUserId(c);
  if (userId === null) return c.json({ error: ERROR_TEXT.ACCESS_DENIED }, 401);
  const db = openDatabase(c.env.DB);
  const room = ROOM_ID.test(roomId) ? await findRoom(db, roomId) : null;
  const role = room ? await roleOf(db, roomId, userId) : null;
  if (!room || role === null) return c.json({ error: "Room not found" }, 404);
  if (!can.restoreRoom(role)) return c.json({ error: "Only the room's owner can restore it" }, 403);
  const parsed = v.safeParse(body, await c.req.json().catch(() => null));
  if (!parsed.success) return c.json({ error: "Say when to restore to: { at: milliseconds since 1970 }" }, 400);
  const problem = restoreTimeProblem(parsed.output.at, Date.now());
  if (problem) return c.json({ error: problem }, 400);

  const namespace = c.env.ROOM as unknown as DurableObjectNamespace<RoomDO>;
  try {
    const prepared = (await (
      await getServerByName(namespace, roomId)
    ).restoreTo(parsed.output.at)) as unknown as RpcResult;
    if (!prepared.ok) return c.json({ error: prepared.error.reason }, prepared.error.error === 501 ? 501 : 500);
  } catch {
    // The object restarting (from the earlier time) ends the call: expected.
  }
  const after = (await (await getServerByName(namespace, roomId)).afterRestore()) as unknown as RpcResult;
  if (!after.ok) return c.json({ error: "The room was restored, but its directory entries could not be renewed" }, 500);
  return c.json({ ok: true, restoredTo: new Date(parsed.output.at).toISOString() });
});
