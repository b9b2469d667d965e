/**
 * Who is asking, in which room, for the room's HTTP routes (export,
 * restore): the caller signed in by cookie or bearer token, the room, and
 * their role there — or the answer to send instead (401 not signed in, 404
 * no such room or not a member, 403 a role that may not do this).
 */
import type { Context } from "hono";
import { ROOM_ID_PATTERN, type RoomRole } from "../../protocol/api";
import { ERROR_TEXT } from "../../protocol/errors";
import { requestUserId } from "../accounts/request-user";
import { openDatabase } from "../db/directory/database";
import { roleOf } from "../db/directory/memberships-repo";
import { findRoom } from "../db/directory/rooms-repo";
import type { RoomRow } from "../db/directory/schema";

export async function roomCaller(
  c: Context<{ Bindings: Env }>,
  allowed: (role: RoomRole) => boolean,
  refusal: string,
): Promise<{ room: RoomRow; role: RoomRole } | Response> {
  const roomId = c.req.param("roomId") ?? "";
  const userId = await requestUserId(c);
  if (userId === null) return c.json({ error: ERROR_TEXT.ACCESS_DENIED }, 401);
  const db = openDatabase(c.env.DB);
  const room = ROOM_ID_PATTERN.test(roomId) ? await findRoom(db, roomId) : null;
  const role = room ? await roleOf(db, roomId, userId) : null;
  if (!room || role === null) return c.json({ error: "Room not found" }, 404);
  if (!allowed(role)) return c.json({ error: refusal }, 403);
  return { room, role };
}
