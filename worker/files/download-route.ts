/**
 * Downloads: `GET /cdn/storage/<collection>/<fileId>/<version>/<name>`
 * with Range (206/416) and If-Range, ETag + If-None-Match (304), Content-Disposition
 * (inline, or attachment with `?download=true`), and headers that keep user
 * content from running script in our origin: `nosniff`, a sandboxing CSP,
 * and markup types (HTML, XML) always as attachments. Private files need
 * membership of the file's room (login cookie or bearer) or a signed link
 * (`?token=`, which serves without reading D1 or the room); otherwise 401
 * `Access denied`. An item photo's original,
 * whose tags may hold a location, goes only to owners, admins and members
 * (a viewer gets 403), never through a link.
 */
import { Hono } from "hono";
import { getServerByName } from "partyserver";
import { ERROR_TEXT } from "../../protocol/errors";
import { FILE_ERRORS } from "../../protocol/files";
import { requestUserId } from "../accounts/request-user";
import { openDatabase } from "../db/directory/database";
import { roomOfFile } from "../db/directory/directory-repo";
import { roleOf } from "../db/directory/memberships-repo";
import { collectionConfig } from "../db/room/files-repo";
import type { FileRow } from "../db/room/room-schema";
import type { RoomDO } from "../objects/room-do";
import { noneMatch, parseRange, rangeStillValid } from "./http-validators";
import { linkedVersion, type ServedVersion, servedVersion } from "./signed-links";

/** Types a browser would run as a document: never shown inline. */
const MARKUP_TYPES = new Set(["text/html", "application/xhtml+xml", "text/xml", "application/xml", "text/javascript"]);

/** For anything opened directly: no script, no plugins, an opaque origin. */
const USER_CONTENT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; media-src 'self'; sandbox";

function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const downloadRoutes = new Hono<{ Bindings: Env }>();

/** What the file's room has of this version (null for an unknown file or version). */
async function roomVersion(env: Env, roomId: string, fileId: string, version: string): Promise<ServedVersion | null> {
  const room = await getServerByName(env.ROOM as unknown as DurableObjectNamespace<RoomDO>, roomId);
  const file = (await room.fileRecord(fileId)) as FileRow | null;
  return file ? servedVersion(file, version) : null;
}

downloadRoutes.get("/:collection/:fileId/:version/:name", async (c) => {
  const { collection, fileId, version } = c.req.param();
  const config = collectionConfig(collection);
  if (!config) return c.json({ error: FILE_ERRORS.NOT_FOUND }, 404);

  // An original whose tags may hold a location goes only to the roles its collection names:
  // never to viewers, never through a link.
  const originalRoles = version === "original" ? config.originalRoles : undefined;
  const token = c.req.query("token");
  // A signed link serves what it names, touching neither the file's record nor the room; one a member
  // asked for, while they are still in the room.
  const linked =
    token && originalRoles === undefined && !config.public ? await linkedVersion(c.env, token, fileId, version) : null;
  if (linked?.grant && (await roleOf(openDatabase(c.env.DB), linked.grant.roomId, linked.grant.userId)) === null) {
    return c.json({ error: FILE_ERRORS.LINK_REVOKED }, 401);
  }
  let member: ServedVersion | null = null;
  if (!linked) {
    // The caller first: nobody signed in wakes no room and reads nothing more, and a stranger no file record.
    const membersOnly = !(config.public && originalRoles === undefined);
    const userId = membersOnly ? await requestUserId(c) : null;
    if (membersOnly && userId === null) return c.json({ error: ERROR_TEXT.ACCESS_DENIED }, 401);
    const directory = openDatabase(c.env.DB);
    const roomId = await roomOfFile(directory, fileId);
    if (!roomId) return c.json({ error: FILE_ERRORS.NOT_FOUND }, 404);
    if (userId !== null) {
      const role = await roleOf(directory, roomId, userId);
      if (role === null) return c.json({ error: ERROR_TEXT.ACCESS_DENIED }, 401);
      if (originalRoles !== undefined && !originalRoles.includes(role)) {
        return c.json({ error: ERROR_TEXT.ACCESS_DENIED }, 403);
      }
    }
    member = await roomVersion(c.env, roomId, fileId, version);
  }
  const file = linked ?? member;
  if (!file || file.collection !== collection) return c.json({ error: FILE_ERRORS.NOT_FOUND }, 404);
  const { stored } = file;

  const name =
    version === "original" ? file.name : `${file.name.replace(/\.[^.]*$/, "")}-${version}.${stored.extension}`;
  const attachment = c.req.query("download") === "true" || MARKUP_TYPES.has(stored.type);
  const headers = new Headers({
    "Content-Type": stored.type,
    ETag: stored.etag,
    "Accept-Ranges": "bytes",
    "Cache-Control": config.public ? "public, max-age=31536000, immutable" : "private, max-age=3600",
    "Content-Disposition": contentDisposition(attachment ? "attachment" : "inline", name),
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": USER_CONTENT_CSP,
    "Cross-Origin-Resource-Policy": "same-origin",
  });

  if (noneMatch(c.req.header("If-None-Match"), stored.etag)) {
    return new Response(null, { status: 304, headers });
  }

  // A stale If-Range means the client's partial copy is of another version: ignore Range, send it all.
  const rangeHeader = rangeStillValid(c.req.header("If-Range"), stored.etag) ? c.req.header("Range") : undefined;
  const range = parseRange(rangeHeader, stored.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${stored.size}`);
    return new Response(null, { status: 416, headers });
  }
  const key = `${file.storagePath}/${version}`;
  const object = await c.env.FILES.get(
    key,
    range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {},
  );
  if (!object) {
    // A link may outlive its file (deleted meanwhile); a record without its bytes is a fault.
    if (!linked) console.error("files: R2 object missing for a file record", key);
    return c.json({ error: FILE_ERRORS.NOT_FOUND }, 404);
  }
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${stored.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(object.body, { status: 206, headers });
  }
  headers.set("Content-Length", String(stored.size));
  return new Response(object.body, { status: 200, headers });
});
