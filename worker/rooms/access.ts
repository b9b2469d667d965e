/**
 * Room permission checks. Every room publication and method calls one of
 * these first; a caller who is not a member, or whose role does not allow
 * the action, gets `403 Access denied` and nothing else.
 */
import type { RoomRole } from "../../protocol/api";
import { ERROR_TEXT, LiveError } from "../../protocol/errors";
import type { CallerInfo } from "../live/types";
import type { RoomHost } from "./room-host";

export async function requireRole(
  ctx: CallerInfo & { host: RoomHost },
  allowed: (role: RoomRole | null) => boolean = (role) => role !== null,
): Promise<RoomRole> {
  const role = ctx.userId ? await ctx.host.roleOf(ctx.userId) : null;
  if (role === null || !allowed(role)) throw new LiveError(403, ERROR_TEXT.ACCESS_DENIED);
  return role;
}
