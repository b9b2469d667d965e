/**
 * What the file methods take (docs/protocol.md §4): an upload's start
 * (checked in full by the server, worker/files/files-service.ts), its chunks,
 * status, finish and abort, and a file's removal and shared link.
 */
import * as v from "valibot";
import { METHOD } from "./api";
import { takes } from "./contract";
import type { FileLink, FinishedFile, UploadProgress } from "./files";
import { MAX_CHUNK_SIZE } from "./files";

const uploadIdSchema = v.pipe(v.string("Upload id must be text"), v.maxLength(64));
const fileIdSchema = v.pipe(v.string("File id must be text"), v.maxLength(64));
/** Base64 of at most MAX_CHUNK_SIZE bytes, or EJSON binary. */
const chunkDataSchema = v.union(
  [v.pipe(v.string(), v.maxLength(Math.ceil(MAX_CHUNK_SIZE / 3) * 4)), v.instance(Uint8Array)],
  "Chunk data must be base64 text or binary",
);

export const FILE_METHODS = {
  [METHOD.FILES_START]: takes(v.tuple([v.unknown()])).answers<UploadProgress>(),
  [METHOD.FILES_WRITE]: takes(
    v.tuple([
      uploadIdSchema,
      v.pipe(v.number("Chunk id must be a number"), v.integer("Chunk id must be a whole number")),
      chunkDataSchema,
    ]),
  ).answers<{ received: number }>(),
  [METHOD.FILES_STATUS]: takes(v.tuple([uploadIdSchema])).answers<UploadProgress>(),
  [METHOD.FILES_FINISH]: takes(v.tuple([uploadIdSchema])).answers<FinishedFile>(),
  [METHOD.FILES_ABORT]: takes(v.tuple([uploadIdSchema])).answers(),
  [METHOD.FILES_REMOVE]: takes(v.tuple([fileIdSchema])).answers(),
  [METHOD.FILES_LINK]: takes(
    v.tuple([fileIdSchema, v.optional(v.pipe(v.string(), v.maxLength(32)))]),
  ).answers<FileLink>(),
} as const;
