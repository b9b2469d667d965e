/**
 * Uploads over HTTP, the alternative to the live connection (SPEC B4):
 * `POST /cdn/storage/<collection>/__upload` with `X-Room-Id` and
 * `X-Upload-Op` — `start` (JSON body: name, type, size, meta), `chunk`
 * (`X-Upload-Id`, `X-Chunk-Id`, the raw bytes as the body), `status`,
 * `finish` or `abort`. Each feeds the same upload state in the RoomDO as
 * the live methods. Authorised by the login token (bearer or cookie).
 */
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import { ROOM_ID_PATTERN } from "../../protocol/api";
import { ERROR_TEXT } from "../../protocol/errors";
import { MAX_CHUNK_SIZE } from "../../protocol/files";
import { requestUserId } from "../accounts/request-user";
import type { HttpUploadRequest, RoomDO, RpcResult } from "../objects/room-do";

const STATUS_CODES = new Set([400, 401, 403, 404, 408, 409, 413, 415]);

export const uploadRoutes = new Hono<{ Bindings: Env }>();

uploadRoutes.post("/:collection/__upload", async (c) => {
  const userId = await requestUserId(c);
  if (!userId) return c.json({ error: ERROR_TEXT.ACCESS_DENIED }, 401);
  const roomId = c.req.header("X-Room-Id") ?? "";
  if (!ROOM_ID_PATTERN.test(roomId)) return c.json({ error: "X-Room-Id is missing or not a room id" }, 400);
  const op = c.req.header("X-Upload-Op");
  const uploadId = c.req.header("X-Upload-Id") ?? "";
  let request: HttpUploadRequest;
  switch (op) {
    case "start": {
      let options: unknown;
      try {
        options = await c.req.json();
      } catch {
        return c.json({ error: "The start request needs a JSON body" }, 400);
      }
      request = { op, options: { ...(options as object), collection: c.req.param("collection") } };
      break;
    }
    case "chunk": {
      const declared = Number(c.req.header("Content-Length") ?? "0");
      if (declared > MAX_CHUNK_SIZE) return c.json({ error: "Chunk is too large" }, 413);
      const bytes = await c.req.arrayBuffer();
      if (bytes.byteLength > MAX_CHUNK_SIZE) return c.json({ error: "Chunk is too large" }, 413);
      request = { op, uploadId, chunkId: Number(c.req.header("X-Chunk-Id")), bytes };
      break;
    }
    case "status":
    case "finish":
    case "abort":
      request = { op, uploadId };
      break;
    default:
      return c.json({ error: "X-Upload-Op must be start, chunk, status, finish or abort" }, 400);
  }
  const room = await getServerByName(c.env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
  // RPC typing cannot carry `unknown` values; the shape is RpcResult.
  const result = (await room.fileUpload(userId, request)) as unknown as RpcResult;
  if (result.ok) return c.json(result.value ?? { ok: true });
  const status =
    typeof result.error.error === "number" && STATUS_CODES.has(result.error.error) ? result.error.error : 500;
  return c.json({ error: result.error.reason ?? result.error.message }, status as 400);
});
