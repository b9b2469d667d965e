/**
 * What the file methods take (docs/protocol.md §4): an upload's start
 * (checked in full by the server, worker/files/files-service.ts), its chunks,
 * status, finish and abort, and a file's removal and shared link.
 */
import * as v from "valibot";
import { METHOD } from "./api";
import { MAX_CHUNK_SIZE } from "./files";

const uploadIdSchema = v.pipe(v.string("Upload id must be text"), v.maxLength(64));
const fileIdSchema = v.pipe(v.string("File id must be text"), v.maxLength(64));
/** Base64 of at most MAX_CHUNK_SIZE bytes, or EJSON binary. */
const chunkDataSchema = v.union(
  [v.pipe(v.string(), v.maxLength(Math.ceil(MAX_CHUNK_SIZE / 3) * 4)), v.instance(Uint8Array)],
  "Chunk data must be base64 text or binary",
);

export const FILE_METHOD_ARGS = {
  [METHOD.FILES_START]: v.tuple([v.unknown()]),
  [METHOD.FILES_WRITE]: v.tuple([
    uploadIdSchema,
    v.pipe(v.number("Chunk id must be a number"), v.integer("Chunk id must be a whole number")),
    chunkDataSchema,
  ]),
  [METHOD.FILES_STATUS]: v.tuple([uploadIdSchema]),
  [METHOD.FILES_FINISH]: v.tuple([uploadIdSchema]),
  [METHOD.FILES_ABORT]: v.tuple([uploadIdSchema]),
  [METHOD.FILES_REMOVE]: v.tuple([fileIdSchema]),
  [METHOD.FILES_LINK]: v.tuple([fileIdSchema, v.optional(v.pipe(v.string(), v.maxLength(32)))]),
} as const;
