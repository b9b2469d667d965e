/**
 * What the file methods take (docs/protocol.md §4): an upload's start
 * (checked in full by the server, worker/files/files-service.ts), its chunks,
 * status, finish and abort, and a file's removal and shared link.
 */
import * as v from "valibot";
import { takes } from "./contract";
import type { FileLink, FinishedFile, PhotoSource, UploadProgress } from "./files";
import { MAX_CHUNK_SIZE } from "./files";
import { LIMITS } from "./limits";

/** The method names of files and uploads: the wire names both sides call them by. */
export const FILE_METHOD = {
  FILES_START: "files.start",
  FILES_WRITE: "files.write",
  FILES_STATUS: "files.status",
  FILES_FINISH: "files.finish",
  FILES_ABORT: "files.abort",
  FILES_REMOVE: "files.remove",
  FILES_LINK: "files.link",
  FILES_SOURCES: "files.sources",
} as const;

const uploadIdSchema = v.pipe(v.string("Upload id must be text"), v.maxLength(64));
const fileIdSchema = v.pipe(v.string("File id must be text"), v.maxLength(64));
const fileIdsSchema = v.pipe(
  v.array(fileIdSchema, "File ids must be a list"),
  v.maxLength(LIMITS.FILES_WINDOW, `At most ${LIMITS.FILES_WINDOW} files at a time`),
);
/** Base64 of at most MAX_CHUNK_SIZE bytes, or EJSON binary. */
const chunkDataSchema = v.union(
  [v.pipe(v.string(), v.maxLength(Math.ceil(MAX_CHUNK_SIZE / 3) * 4)), v.instance(Uint8Array)],
  "Chunk data must be base64 text or binary",
);

export const FILE_METHODS = {
  [FILE_METHOD.FILES_START]: takes(v.tuple([v.unknown()])).answers<UploadProgress>(),
  [FILE_METHOD.FILES_WRITE]: takes(
    v.tuple([
      uploadIdSchema,
      v.pipe(v.number("Chunk id must be a number"), v.integer("Chunk id must be a whole number")),
      chunkDataSchema,
    ]),
  ).answers<{ received: number }>(),
  [FILE_METHOD.FILES_STATUS]: takes(v.tuple([uploadIdSchema])).answers<UploadProgress>(),
  [FILE_METHOD.FILES_FINISH]: takes(v.tuple([uploadIdSchema])).answers<FinishedFile>(),
  [FILE_METHOD.FILES_ABORT]: takes(v.tuple([uploadIdSchema])).answers(),
  [FILE_METHOD.FILES_REMOVE]: takes(v.tuple([fileIdSchema])).answers(),
  [FILE_METHOD.FILES_LINK]: takes(
    v.tuple([fileIdSchema, v.optional(v.pipe(v.string(), v.maxLength(32)))]),
  ).answers<FileLink>(),
  [FILE_METHOD.FILES_SOURCES]: takes(v.tuple([fileIdsSchema])).answers<PhotoSource[]>(),
} as const;

/** The publications of files: their wire names. */
export const FILE_PUBLICATION = {
  /**
   * The room's finished files: with no argument its logos; given file ids
   * (at most LIMITS.FILES_WINDOW), those files — the photos a screen shows.
   */
  FILES: "files",
} as const;

/** What each publication of files takes. */
export const FILE_PUBLICATION_ARGS = {
  [FILE_PUBLICATION.FILES]: v.tuple([v.optional(fileIdsSchema)]),
} as const;
