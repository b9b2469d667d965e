/**
 * Files on the live connection (docs/protocol.md §4): chunked uploads — start, write,
 * status (which chunks the server has, for resuming after a reload), finish,
 * abort — plus remove, shared links, and the `files` publication.
 */

import { COLLECTION, METHOD, PUBLICATION } from "../../protocol/api";
import { PUBLICATION_ARGS } from "../../protocol/args";
import { base64ToBytes } from "../../protocol/ejson";
import { LiveError } from "../../protocol/errors";
import { FILE_COLLECTIONS, FILE_ERRORS } from "../../protocol/files";
import { defineMethod } from "../contract";
import { findRoomFile, findRoomFiles, listFilesOf, toFileDoc, versionsOf } from "../db/room/files-repo";
import type { LiveRegistry } from "../live/registry";
import { asDoc } from "../live/types";
import { requireRole } from "../rooms/access";
import type { RoomHost } from "../rooms/room-host";
import { parseStartUpload, removeFile, startUpload } from "./files-service";
import { finishUpload, writeChunk } from "./finish-upload";
import { shareableVersion } from "./shareable-version";
import { LINK_LIFETIME_SECONDS, servedVersion, signFileLink } from "./signed-links";

function chunkBytes(data: string | Uint8Array): Uint8Array {
  if (typeof data !== "string") return data;
  try {
    return base64ToBytes(data);
  } catch {
    throw new LiveError(400, "Chunk data is not valid base64");
  }
}

const LOGOS = FILE_COLLECTIONS.roomLogos.name;

export function registerFiles(registry: LiveRegistry<RoomHost>): void {
  // Bounded whatever the room holds (docs/scale.md): its logos, or the files a screen names.
  registry.publish(PUBLICATION.FILES, {
    args: PUBLICATION_ARGS[PUBLICATION.FILES],
    run: async (ctx, fileIds) => {
      await requireRole(ctx);
      const { roomDb, roomId } = ctx.host;
      if (fileIds === undefined) {
        return {
          kind: "observed",
          collection: COLLECTION.FILES,
          key: "logos",
          fetch: async () => listFilesOf(roomDb, roomId, LOGOS).map((row) => asDoc(toFileDoc(row))),
          matches: (doc) => doc._collectionName === LOGOS,
        } as const;
      }
      const wanted = new Set(fileIds);
      return {
        kind: "observed",
        collection: COLLECTION.FILES,
        // Its own key space: no list of ids can name the logos' observation, or another list's.
        key: `ids:${JSON.stringify([...wanted].sort())}`,
        fetch: async () => findRoomFiles(roomDb, roomId, [...wanted]).map((row) => asDoc(toFileDoc(row))),
        matches: (doc) => wanted.has(doc._id),
      } as const;
    },
  });

  defineMethod(registry, METHOD.FILES_SOURCES, {
    run: async (ctx, fileIds) => {
      await requireRole(ctx);
      return findRoomFiles(ctx.host.roomDb, ctx.host.roomId, fileIds).flatMap((row) => {
        const meta = JSON.parse(row.meta) as { source?: unknown; alt?: unknown };
        if (typeof meta.source !== "string") return [];
        return [{ id: row.id, url: meta.source, alt: typeof meta.alt === "string" ? meta.alt : "" }];
      });
    },
  });

  defineMethod(registry, METHOD.FILES_START, {
    run: (ctx, options) => startUpload(ctx.host, ctx.userId, parseStartUpload(options)),
  });

  defineMethod(registry, METHOD.FILES_WRITE, {
    run: (ctx, uploadId, chunkId, data) => writeChunk(ctx.host, ctx.userId, uploadId, chunkId, chunkBytes(data)),
  });

  defineMethod(registry, METHOD.FILES_STATUS, {
    run: (ctx, uploadId) => ctx.host.uploads.progress(uploadId, ctx.userId ?? ""),
  });

  defineMethod(registry, METHOD.FILES_FINISH, {
    run: (ctx, uploadId) => finishUpload(ctx.host, ctx.userId, uploadId),
  });

  defineMethod(registry, METHOD.FILES_ABORT, {
    run: (ctx, uploadId) => ctx.host.uploads.abort(uploadId, ctx.userId ?? ""),
  });

  defineMethod(registry, METHOD.FILES_REMOVE, {
    run: (ctx, fileId) => removeFile(ctx.host, ctx.userId, fileId),
  });

  defineMethod(registry, METHOD.FILES_LINK, {
    run: async (ctx, fileId, requested = "original") => {
      await requireRole(ctx);
      const file = await findRoomFile(ctx.host.roomDb, ctx.host.roomId, fileId);
      if (!file) throw new LiveError(404, FILE_ERRORS.NOT_FOUND);
      const version = shareableVersion(file, versionsOf(file), requested);
      const served = version ? servedVersion(file, version) : null;
      if (!version || !served) {
        throw new LiveError(409, "This photo has no shareable copy yet (its original may carry a location)");
      }
      // Named for whoever asked: it stops working when they leave the room.
      const grant = { roomId: ctx.host.roomId, userId: ctx.userId ?? "" };
      const token = await signFileLink(ctx.host.env, served, ctx.host.now(), grant);
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
