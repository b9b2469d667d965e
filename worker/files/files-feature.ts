/**
 * Files on the live connection (docs/protocol.md §4): chunked uploads — start, write,
 * status (which chunks the server has, for resuming after a reload), finish,
 * abort — plus remove, shared links, and the `files` publication.
 */
import * as v from "valibot";
import { COLLECTION, METHOD, PUBLICATION } from "../../protocol/api";
import { base64ToBytes } from "../../protocol/ejson";
import { LiveError } from "../../protocol/errors";
import { FILE_ERRORS, MAX_CHUNK_SIZE } from "../../protocol/files";
import { findRoomFile, listRoomFiles, toFileDoc, versionsOf } from "../db/files-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { parseStartUpload, removeFile, startUpload } from "./files-service";
import { finishUpload, writeChunk } from "./finish-upload";
import { shareableVersion } from "./shareable-version";
import { LINK_LIFETIME_SECONDS, servedVersion, signFileLink } from "./signed-links";

const uploadIdSchema = v.pipe(v.string("Upload id must be text"), v.maxLength(64));
const fileIdSchema = v.pipe(v.string("File id must be text"), v.maxLength(64));
/** Base64 of at most MAX_CHUNK_SIZE bytes, or EJSON binary. */
const chunkDataSchema = v.union(
  [v.pipe(v.string(), v.maxLength(Math.ceil(MAX_CHUNK_SIZE / 3) * 4)), v.instance(Uint8Array)],
  "Chunk data must be base64 text or binary",
);

function chunkBytes(data: string | Uint8Array): Uint8Array {
  if (typeof data !== "string") return data;
  try {
    return base64ToBytes(data);
  } catch {
    throw new LiveError(400, "Chunk data is not valid base64");
  }
}

export function registerFiles(registry: LiveRegistry<RoomHost>): void {
  registry.publish(PUBLICATION.FILES, {
    args: v.tuple([]),
    run: async (ctx) => {
      await requireRole(ctx);
      return {
        kind: "observed",
        collection: COLLECTION.FILES,
        key: "all",
        fetch: async () => (await listRoomFiles(ctx.host.roomDb, ctx.host.roomId)).map((row) => asDoc(toFileDoc(row))),
        matches: () => true,
      } as const;
    },
  });

  registry.method(METHOD.FILES_START, {
    args: v.tuple([v.unknown()]),
    run: (ctx, options) => startUpload(ctx.host, ctx.userId, parseStartUpload(options)),
  });

  registry.method(METHOD.FILES_WRITE, {
    args: v.tuple([
      uploadIdSchema,
      v.pipe(v.number("Chunk id must be a number"), v.integer("Chunk id must be a whole number")),
      chunkDataSchema,
    ]),
    run: (ctx, uploadId, chunkId, data) => writeChunk(ctx.host, ctx.userId, uploadId, chunkId, chunkBytes(data)),
  });

  registry.method(METHOD.FILES_STATUS, {
    args: v.tuple([uploadIdSchema]),
    run: (ctx, uploadId) => ctx.host.uploads.progress(uploadId, ctx.userId ?? ""),
  });

  registry.method(METHOD.FILES_FINISH, {
    args: v.tuple([uploadIdSchema]),
    run: (ctx, uploadId) => finishUpload(ctx.host, ctx.userId, uploadId),
  });

  registry.method(METHOD.FILES_ABORT, {
    args: v.tuple([uploadIdSchema]),
    run: (ctx, uploadId) => ctx.host.uploads.abort(uploadId, ctx.userId ?? ""),
  });

  registry.method(METHOD.FILES_REMOVE, {
    args: v.tuple([fileIdSchema]),
    run: (ctx, fileId) => removeFile(ctx.host, ctx.userId, fileId),
  });

  registry.method(METHOD.FILES_LINK, {
    args: v.tuple([fileIdSchema, v.optional(v.pipe(v.string(), v.maxLength(32)))]),
    run: async (ctx, fileId, requested = "original") => {
      await requireRole(ctx);
      const file = await findRoomFile(ctx.host.roomDb, ctx.host.roomId, fileId);
      if (!file) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
      const version = shareableVersion(file, versionsOf(file), requested);
      const served = version ? servedVersion(file, version) : null;
      if (!version || !served) {
        throw new LiveError(409, "This photo has no shareable copy yet (its original may carry a location)");
      }
      const token = await signFileLink(ctx.host.env, served, ctx.host.now());
      const doc = toFileDoc(file);
      const path = doc.versions[version]?.path ?? doc.path;
      return {
        url: `${path}?token=${token}`,
        version,
        expiresAt: new Date(ctx.host.now() + LINK_LIFETIME_SECONDS * 1000),
      };
    },
  });
}
