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
import type { RoomDO, RpcResult } from "../objects/room-do";
import { roomCaller } from "./room-caller";
import { restoreTimeProblem } from "./room-restore";

const body = v.object({ at: v.number() });

export const restoreRoutes = new Hono<{ Bindings: Env }>();

restoreRoutes.post("/:roomId/restore", async (c) => {
  const caller = await roomCaller(c, can.restoreRoom, "Only the room's owner can restore it");
  if (caller instanceof Response) return caller;
  const roomId = caller.room.id;
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
