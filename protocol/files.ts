/**
 * File collections (docs/protocol.md §4, docs/meteor-compatibility.md): the record a client sees,
 * the per-collection rules, and the arithmetic both ends must agree on —
 * chunk size, chunk count, names and extensions.
 */
import type { RoomRole } from "./roles";

export const DEFAULT_CHUNK_SIZE = 524_288;
/** Chunks are stored one per row in DO SQLite (2 MB per row). */
export const MAX_CHUNK_SIZE = 1_048_576;
/** Chunks a client keeps in flight at once (bench/files.bench.mjs measures uploads with it). */
export const UPLOAD_WINDOW = 4;
export const DEFAULT_DOWNLOAD_ROUTE = "/cdn/storage";
/**
 * R2's smallest multipart part (all but the last). A file of more than one
 * part can send parts 2 onward whole over HTTP, streamed into R2.
 */
export const UPLOAD_PART_SIZE = 5 * 1024 * 1024;
/** Whole parts a client keeps in flight at once over HTTP. */
export const PART_WINDOW = 2;

/** How many chunks make one part: both ends must agree which chunks a part covers. */
export function partChunksOf(chunkSize: number): number {
  return Math.ceil(UPLOAD_PART_SIZE / chunkSize);
}
/** An upload with no chunk for this long is abandoned and cleaned up. */
export const UPLOAD_IDLE_LIFETIME = 6 * 3600_000;

export const FILE_ERRORS = {
  EMPTY: "Can't upload empty file",
  SESSION_EXPIRED: "Can't continue upload, session expired. Please, start upload again.",
  NO_NAME: "File name is required",
  NOT_FOUND: "File not found",
  ACCESS_DENIED: "Access denied!",
  NOT_AN_IMAGE: "Could not load image",
  LINK_REVOKED: "This link was made by someone no longer in the room",
} as const;

/** How a refused finish begins when chunks are missing (the server may have lost a part held in memory). */
export const INCOMPLETE_UPLOAD = "Upload is incomplete";

export function incompleteUpload(received: number, chunkCount: number): string {
  return `${INCOMPLETE_UPLOAD}: ${received} of ${chunkCount} chunks received`;
}

export interface FileCollectionConfig {
  name: string;
  /** Bytes; larger files are refused before any byte is stored. */
  maxSize: number;
  /** MIME types accepted; a `/*` suffix accepts a whole family. */
  types: readonly string[];
  /** Who in the room may upload and remove (reading needs membership unless public). */
  uploadRoles: readonly RoomRole[];
  /** Served without a login. Needs an explicit downloadRoute. */
  public: boolean;
  downloadRoute?: string;
  /** Bytes per chunk; rounded down to a multiple of 8. */
  chunkSize?: number;
  /**
   * Versions the browser makes besides the original (e.g. a thumbnail).
   * They are public copies — what share links and the online store get —
   * so the server strips any photo tags from them (PUBLIC_COPY_TYPES only).
   */
  versions: readonly string[];
  /** Who may download an original, whose tags may hold a location (absent: any member). */
  originalRoles?: readonly RoomRole[];
  /** Strip photo tags from the original itself when it is finished (for files every member sees). */
  stripOriginal?: boolean;
}

/** Types a public copy may have: the ones whose tags the server can strip. */
export const PUBLIC_COPY_TYPES: readonly string[] = ["image/jpeg", "image/png", "image/webp"];
/** A public copy is stored in one piece (so its tags are stripped before it reaches storage). */
export const MAX_PUBLIC_COPY_SIZE = 5 * 1024 * 1024;
/**
 * `meta` key of a photo upload that is to become a new item (docs/product.md §2): the
 * item's fields. The server creates the item as part of finishing the
 * upload, so closing the tab after "Uploaded" loses nothing.
 */
export const NEW_ITEM_META_KEY = "newItem";

const EDITORS: readonly RoomRole[] = ["owner", "admin", "member"];
const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/heic", "image/heif", "image/avif"];

export const FILE_COLLECTIONS = {
  itemPhotos: {
    name: "itemPhotos",
    maxSize: 64 * 1024 * 1024,
    types: IMAGE_TYPES,
    uploadRoles: EDITORS,
    public: false,
    versions: ["thumbnail", "web"],
    // Originals keep their tags (camera, place, time) for the team that works on them; viewers and
    // share links get the tag-free copies.
    originalRoles: EDITORS,
  },
  roomLogos: {
    name: "roomLogos",
    maxSize: 2 * 1024 * 1024,
    // Formats whose tags the server can strip (or that carry none): every member, viewers included,
    // sees the logo on labels, so it is stored without tags.
    types: ["image/jpeg", "image/png", "image/webp", "image/gif", "image/svg+xml"],
    uploadRoles: ["owner", "admin"],
    public: false,
    versions: [],
    stripOriginal: true,
  },
  /**
   * A room's backup (its export's ZIP) on its way into a new room: the owner
   * uploads it, the room restores from it, and the file goes once the room
   * is restored (docs/operations.md §7).
   */
  roomBackups: {
    name: "roomBackups",
    maxSize: 4 * 1024 * 1024 * 1024,
    types: ["application/zip", "application/x-zip-compressed"],
    uploadRoles: ["owner"],
    public: false,
    versions: [],
    originalRoles: ["owner"],
  },
} as const satisfies Record<string, FileCollectionConfig>;

export type FileCollectionName = keyof typeof FILE_COLLECTIONS;

/** Refuses a configuration a deployment must not start with. */
export function validateFileCollections(collections: Record<string, FileCollectionConfig>): void {
  for (const [key, config] of Object.entries(collections)) {
    if (config.public && !config.downloadRoute) {
      throw new Error(`File collection "${key}" is public and must set an explicit downloadRoute`);
    }
  }
}

export function chunkSizeOf(config: Pick<FileCollectionConfig, "chunkSize">): number {
  const size = Math.min(config.chunkSize ?? DEFAULT_CHUNK_SIZE, MAX_CHUNK_SIZE);
  return Math.max(8, Math.floor(size / 8) * 8);
}

export function chunkCountOf(size: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** The byte length chunk `chunkId` (from 1) must have. */
export function expectedChunkLength(size: number, chunkSize: number, chunkId: number): number {
  const count = chunkCountOf(size, chunkSize);
  return chunkId < count ? chunkSize : size - (count - 1) * chunkSize;
}

/**
 * A name safe to store and to put in a URL: no path separators, no control
 * characters, no leading dots; at most 255 characters. Empty when nothing
 * usable is left.
 */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  const printable = Array.from(base)
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join("");
  const cleaned = printable.replace(/^[.\s]+/, "").trim();
  return cleaned.slice(0, 255);
}

/** Lower case, after the last dot, `[a-z0-9-_.]`, at most 20 characters. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return "";
  const ext = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9\-_.]{1,20}$/.test(ext) ? ext : "";
}

export function typeAllowed(config: Pick<FileCollectionConfig, "types">, type: string): boolean {
  return config.types.some((allowed) =>
    allowed.endsWith("/*") ? type.startsWith(allowed.slice(0, -1)) : allowed === type,
  );
}

export function mediaFlags(type: string) {
  return {
    isImage: type.startsWith("image/"),
    isVideo: type.startsWith("video/"),
    isAudio: type.startsWith("audio/"),
    isText: type.startsWith("text/"),
    isJSON: type === "application/json",
    isPDF: type === "application/pdf",
  };
}

export interface FileVersion {
  path: string;
  size: number;
  type: string;
  extension: string;
}

/** A file record as clients see it (Meteor-Files' shape). */
export interface FileDoc {
  _id: string;
  size: number;
  name: string;
  type: string;
  path: string;
  extension: string;
  isImage: boolean;
  isVideo: boolean;
  isAudio: boolean;
  isText: boolean;
  isJSON: boolean;
  isPDF: boolean;
  meta: Record<string, unknown>;
  userId: string;
  versions: Record<string, FileVersion>;
  _storagePath: string;
  _downloadRoute: string;
  _collectionName: string;
  public: boolean;
  roomId: string;
  createdAt: Date;
}

/** What finishing an upload answers: the file, and the item the server made from it, if any. */
export type FinishedFile = FileDoc & { itemId?: string };

/** `<route>/<collection>/<id>/<version>/<id>.<ext>` */
export function downloadPath(
  route: string,
  collection: string,
  fileId: string,
  version: string,
  extension: string,
): string {
  return `${route}/${collection}/${fileId}/${version}/${fileId}${extension ? `.${extension}` : ""}`;
}

/** Where an upload stands: which chunks the server holds (`files.start`, `files.status`). */
export interface UploadProgress {
  uploadId: string;
  chunkSize: number;
  chunkCount: number;
  received: number[];
}

/** Where an imported photo came from (an import's Image Src and its alt text), for an export to name again. */
export interface PhotoSource {
  id: string;
  url: string;
  alt: string;
}

/** A signed, expiring link to a file's version (`files.link`). */
export interface FileLink {
  url: string;
  version: string;
  expiresAt: Date;
}
