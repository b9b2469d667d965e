/**
 * Uploads over HTTP, the alternative to the live connection (docs/protocol.md §4):
 * `POST /cdn/storage/<collection>/__upload` with `X-Room-Id` and
 * `X-Upload-Op` — `start` (JSON body: name, type, size, meta), `chunk`
 * (`X-Upload-Id`, `X-Chunk-Id`, the raw bytes as the body), `part`,
 * `status`, `finish` or `abort`. Each feeds the same upload state in the
 * RoomDO as the live methods. Authorised by the login token (bearer or
 * cookie).
 *
 * `part` (`X-Upload-Id`, `X-Part-No` ≥ 2, the whole part of 5 MiB or more as
 * the body) is streamed by this Worker straight into R2's multipart upload:
 * the RoomDO only says where (and whether the caller may) and records the
 * part's etag, so no bytes pass through it and none are buffered here.
 */
import { type Context, Hono } from "hono";
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
    case "part":
      return streamPart(c, userId, roomId, uploadId);
    case "status":
    case "finish":
    case "abort":
      request = { op, uploadId };
      break;
    default:
      return c.json({ error: "X-Upload-Op must be start, chunk, part, status, finish or abort" }, 400);
  }
  const result = await askRoom(c.env, roomId, userId, request);
  return result.ok ? c.json(result.value ?? { ok: true }) : errorResponse(c, result);
});

/** One upload step in the room's object. */
async function askRoom(env: Env, roomId: string, userId: string, request: HttpUploadRequest): Promise<RpcResult> {
  const room = await getServerByName(env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
  // RPC typing cannot carry `unknown` values; the shape is RpcResult.
  return (await room.fileUpload(userId, request)) as unknown as RpcResult;
}

function errorResponse(c: Context<{ Bindings: Env }>, result: Extract<RpcResult, { ok: false }>): Response {
  const status =
    typeof result.error.error === "number" && STATUS_CODES.has(result.error.error) ? result.error.error : 500;
  return c.json({ error: result.error.reason ?? result.error.message }, status as 400);
}

/** A whole part, from the request body into R2, then recorded by the room. */
async function streamPart(
  c: Context<{ Bindings: Env }>,
  userId: string,
  roomId: string,
  uploadId: string,
): Promise<Response> {
  const partNo = Number(c.req.header("X-Part-No"));
  const length = Number(c.req.header("Content-Length") ?? "NaN");
  const body = c.req.raw.body;
  if (!Number.isFinite(length) || !body)
    return c.json({ error: "A part needs its bytes and their Content-Length" }, 411);
  const target = await askRoom(c.env, roomId, userId, { op: "partTarget", uploadId, partNo, length });
  if (!target.ok) return errorResponse(c, target);
  const { r2Key, multipartId } = target.value as { r2Key: string; multipartId: string };
  let etag: string;
  try {
    etag = (await c.env.FILES.resumeMultipartUpload(r2Key, multipartId).uploadPart(partNo, body)).etag;
  } catch (error) {
    // The line dropped mid-part, or the body did not match its length: nothing is recorded; send the part again.
    console.warn("files: a streamed part was not stored", uploadId, partNo, error);
    return c.json({ error: "The part was not stored; send it again" }, 400);
  }
  const sent = await askRoom(c.env, roomId, userId, { op: "partSent", uploadId, partNo, etag });
  return sent.ok ? c.json(sent.value) : errorResponse(c, sent);
}
