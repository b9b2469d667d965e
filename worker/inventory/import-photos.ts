/**
 * Photos a CSV import names by address (Shopify's `Image Src`, docs/product.md §11)
 * brought into the room's own storage once their products are in: each is
 * queued in the import's own transaction (`import_photos`, one row per item
 * and address, so the same file imported again fetches nothing twice), then
 * fetched a few at a time outside the room's write queue, checked to be a
 * photo, stripped of its tags, stored, and added to its item's photos in
 * the file's order. One that cannot be brought in is kept with the reason
 * in words, by row; one that may work later (the address did not answer)
 * is tried again from the room's alarm. Progress is published
 * (`importPhotos`), so the import panel shows a bar and the failures.
 */
import { and, asc, count, desc, eq, lte, sql } from "drizzle-orm";
import { COLLECTION, LIMITS } from "../../protocol/api";
import type { ImportPhotosDoc } from "../../protocol/docs";
import type { ImportImage, ImportProduct } from "../../protocol/variant-args";
import { newId } from "../db/directory/database";
import { owedToDirectory } from "../db/room/directory-outbox";
import { insertFileQuery, toFileDoc } from "../db/room/files-repo";
import { type ImportPhotoRow, importPhotos } from "../db/room/import-photos-table";
import { findItem, toItemDoc } from "../db/room/items-repo";
import { type RoomStatement, runTogether } from "../db/room/room-database";
import type { FileRow } from "../db/room/room-schema";
import { matchesImageType } from "../files/file-signature";
import { storagePathOf } from "../files/files-service";
import { stripPhotoTags } from "../files/strip-tags";
import { asDoc } from "../live/types";
import type { RoomHost } from "../rooms/room-host";
import { shopifyUrl } from "../stand-in-url";
import { editItemNow } from "./items-service";

/** Photos fetched at once: a product's few images come together without crowding the room. */
const AT_ONCE = 4;
/** Photos one run brings in before the room's other work gets a turn (the rest follow at once). */
const PER_RUN = 40;
/** The largest photo taken from an address (a store's full-size image is a few megabytes). */
export const IMPORT_PHOTO_BYTES = 20 * 1024 * 1024;
const FETCH_TIMEOUT_MS = 20_000;
/** Tries of an address that did not answer, before it is given up (a minute apart, then five). */
const ATTEMPTS = 3;
const RETRY_MS = [60_000, 5 * 60_000];
/** The failures the import panel lists (the newest). */
const FAILURES_SHOWN = 50;

/** The formats a photo is taken in, by their first bytes. */
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
const EXTENSION: Record<(typeof PHOTO_TYPES)[number], string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** Which run of the room brings photos in now (one at a time), and its timer. */
const running = new WeakMap<RoomHost, { busy: boolean; timer?: ReturnType<typeof setTimeout> }>();
const runtimeOf = (host: RoomHost) => {
  let runtime = running.get(host);
  if (!runtime) {
    runtime = { busy: false };
    running.set(host, runtime);
  }
  return runtime;
};

/**
 * The statements that queue an import part's photos, for its transaction
 * (`itemOf`: the item each of its products became or already was, by
 * handle), and a run to bring them in after it. Those
 * queued by an earlier import of the file stay as they are: nothing is
 * fetched twice.
 */
export function queuePartPhotosQueries(
  host: RoomHost,
  userId: string,
  products: readonly ImportProduct[],
  /** The item each product of the part is (by handle), if any. */
  itemOf: (handle: string) => string | undefined,
): RoomStatement[] {
  const statements = products.flatMap((product) => {
    if (!product.images?.length) return [];
    const itemId = itemOf(product.handle);
    return itemId ? queuePhotosQueries(host, userId, itemId, product.images) : [];
  });
  if (statements.length > 0) schedulePhotos(host);
  return statements;
}

function queuePhotosQueries(
  host: RoomHost,
  userId: string,
  itemId: string,
  images: readonly ImportImage[],
): RoomStatement[] {
  return images.map((image, position) =>
    host.roomDb
      .insert(importPhotos)
      .values({
        id: newId(),
        itemId,
        url: image.url,
        alt: image.alt ?? "",
        position,
        row: image.row,
        userId,
        createdAt: host.now(),
      })
      .onConflictDoNothing(),
  );
}

type Fetched =
  | { ok: true; bytes: Uint8Array; type: (typeof PHOTO_TYPES)[number] }
  | { ok: false; error: string; again: boolean };

/** The photo at `url`, checked and stripped of its tags; or why not, and whether trying later may work. */
async function fetchPhoto(url: string): Promise<Fetched> {
  let response: Response;
  try {
    response = await fetch(shopifyUrl(url), {
      headers: { Accept: "image/jpeg, image/png, image/webp, image/gif" },
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
  } catch {
    return { ok: false, error: "The address could not be reached", again: true };
  }
  if (!response.ok) {
    await response.body?.cancel();
    const again = response.status >= 500 || response.status === 429;
    return { ok: false, error: `The address answered ${response.status}`, again };
  }
  const size = Number(response.headers.get("Content-Length") ?? 0);
  if (size > IMPORT_PHOTO_BYTES) {
    await response.body?.cancel();
    return { ok: false, error: "The photo is larger than 20 MB", again: false };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length === 0) return { ok: false, error: "The address answered an empty file", again: false };
  if (bytes.length > IMPORT_PHOTO_BYTES) return { ok: false, error: "The photo is larger than 20 MB", again: false };
  const type = PHOTO_TYPES.find((each) => matchesImageType(each, bytes.subarray(0, 64)));
  if (!type) return { ok: false, error: "The address is not a photo (JPEG, PNG, WebP or GIF)", again: false };
  const stripped = stripPhotoTags(bytes, type);
  if (!stripped.ok)
    return { ok: false, error: `The photo cannot be made safe to share: ${stripped.reason}`, again: false };
  return { ok: true, bytes: stripped.bytes, type };
}

/** The photo stored as the room's own file, its tag-free copy serving every version. */
async function storePhoto(
  host: RoomHost,
  photo: ImportPhotoRow,
  bytes: Uint8Array,
  type: (typeof PHOTO_TYPES)[number],
): Promise<FileRow> {
  const fileId = newId();
  const storagePath = storagePathOf(host.roomId, "itemPhotos", fileId);
  const extension = EXTENSION[type];
  const versions: Record<string, unknown> = {};
  for (const version of ["original", "web", "thumbnail"]) {
    const stored = await host.bucket.put(`${storagePath}/${version}`, bytes, { httpMetadata: { contentType: type } });
    versions[version] = { size: bytes.length, type, extension, etag: stored?.etag ?? "" };
  }
  const name = decodeURIComponent(new URL(photo.url).pathname.split("/").pop() || `photo.${extension}`).slice(0, 200);
  const row: FileRow = {
    id: fileId,
    roomId: host.roomId,
    collection: "itemPhotos",
    name,
    type,
    size: bytes.length,
    extension,
    meta: JSON.stringify({ source: photo.url, ...(photo.alt ? { alt: photo.alt } : {}) }),
    versions: JSON.stringify(versions),
    storagePath,
    userId: photo.userId,
    createdAt: host.now(),
  };
  return row;
}

/** Adds a stored photo to its item (after those of the file before it), and marks it done; in host.writes. */
async function addToItem(host: RoomHost, photo: ImportPhotoRow, file: FileRow): Promise<void> {
  const item = await findItem(host.roomDb, host.roomId, photo.itemId);
  const photos = item ? toItemDoc(item).photos : [];
  if (!item || photos.length >= LIMITS.PHOTOS) {
    await host.bucket.delete(["original", "web", "thumbnail"].map((version) => `${file.storagePath}/${version}`));
    const error = item ? `The item has ${LIMITS.PHOTOS} photos already` : "The item is gone";
    runTogether(host.roomDb, [markQuery(host, photo.id, { state: "failed", error })]);
    return;
  }
  const owed = owedToDirectory(host.roomDb, { kind: "file-room", fileId: file.id, roomId: host.roomId }, host.now());
  runTogether(host.roomDb, [
    insertFileQuery(host.roomDb, file),
    owed,
    markQuery(host, photo.id, { state: "done", fileId: file.id, error: "" }),
  ]);
  host.emit({ collection: COLLECTION.FILES, id: file.id, doc: asDoc(toFileDoc(file)), previous: null });
  // After the photos of the file that came before it and are already in: the file's order.
  const earlier = host.roomDb
    .select({ fileId: importPhotos.fileId, position: importPhotos.position })
    .from(importPhotos)
    .where(and(eq(importPhotos.itemId, photo.itemId), eq(importPhotos.state, "done")))
    .all();
  const after = new Set(earlier.filter((each) => each.position > photo.position).map((each) => each.fileId));
  const at = photos.findIndex((id) => after.has(id));
  const next = at < 0 ? [...photos, file.id] : [...photos.slice(0, at), file.id, ...photos.slice(at)];
  await editItemNow(host, photo.userId, photo.itemId, { photos: next }, {}, "import");
}

function markQuery(host: RoomHost, id: string, values: Partial<ImportPhotoRow>) {
  return host.roomDb.update(importPhotos).set(values).where(eq(importPhotos.id, id));
}

/** What the import panel shows: how many are waiting, in, and failed, and the failures by row. */
export function importPhotosDoc(host: RoomHost): ImportPhotosDoc {
  const counts = host.roomDb
    .select({ state: importPhotos.state, n: count() })
    .from(importPhotos)
    .groupBy(importPhotos.state)
    .all();
  const of = (state: ImportPhotoRow["state"]) => counts.find((each) => each.state === state)?.n ?? 0;
  const failures = host.roomDb
    .select({ row: importPhotos.row, url: importPhotos.url, error: importPhotos.error })
    .from(importPhotos)
    .where(eq(importPhotos.state, "failed"))
    .orderBy(desc(importPhotos.createdAt), asc(importPhotos.row))
    .limit(FAILURES_SHOWN)
    .all()
    .sort((a, b) => a.row - b.row);
  return { _id: "photos", waiting: of("waiting"), done: of("done"), failed: of("failed"), failures };
}

function announce(host: RoomHost, previous: ImportPhotosDoc): void {
  const doc = importPhotosDoc(host);
  host.emit({ collection: COLLECTION.IMPORT_PHOTOS, id: doc._id, doc: asDoc(doc), previous: asDoc(previous) });
}

/**
 * Brings in what is due, a few at a time; answers when the alarm should
 * next look (a retry later), or null when nothing waits.
 */
export async function bringInPhotos(host: RoomHost): Promise<number | null> {
  const runtime = runtimeOf(host);
  if (runtime.busy) return photosDue(host);
  runtime.busy = true;
  try {
    for (let done = 0; done < PER_RUN; ) {
      const due = host.roomDb
        .select()
        .from(importPhotos)
        .where(and(eq(importPhotos.state, "waiting"), lte(importPhotos.dueAt, host.now())))
        .orderBy(asc(importPhotos.createdAt), asc(importPhotos.position))
        .limit(AT_ONCE)
        .all();
      if (due.length === 0) break;
      const fetched = await Promise.all(due.map((photo) => fetchPhoto(photo.url)));
      const stored = await Promise.all(
        due.map((photo, index) => {
          const got = fetched[index] as Fetched;
          return got.ok ? storePhoto(host, photo, got.bytes, got.type) : null;
        }),
      );
      await host.writes.run(async () => {
        const previous = importPhotosDoc(host);
        for (const [index, photo] of due.entries()) {
          const got = fetched[index] as Fetched;
          const file = stored[index];
          if (got.ok && file) {
            await addToItem(host, photo, file);
          } else if (!got.ok) {
            const attempts = photo.attempts + 1;
            const later = got.again && attempts < ATTEMPTS;
            runTogether(host.roomDb, [
              markQuery(host, photo.id, {
                attempts,
                error: got.error,
                ...(later
                  ? { dueAt: host.now() + (RETRY_MS[attempts - 1] ?? RETRY_MS.at(-1) ?? 60_000) }
                  : { state: "failed" }),
              }),
            ]);
          }
        }
        announce(host, previous);
      });
      done += due.length;
    }
    return photosDue(host);
  } finally {
    runtime.busy = false;
  }
}

/** Brings photos in a moment from now (an import's parts in a row are one run); failures wait for the alarm. */
export function schedulePhotos(host: RoomHost): void {
  const runtime = runtimeOf(host);
  if (runtime.timer) return;
  runtime.timer = setTimeout(() => {
    runtime.timer = undefined;
    bringInPhotos(host)
      .then((due) => (due !== null ? host.wakeAt(due) : undefined))
      .catch((error) => console.error("import: bringing photos in failed", error));
  }, 100);
}

/** When the room's alarm should next bring photos in, or null when none wait. */
export function photosDue(host: RoomHost): number | null {
  const next = host.roomDb
    .select({ at: sql<number | null>`min(${importPhotos.dueAt})` })
    .from(importPhotos)
    .where(eq(importPhotos.state, "waiting"))
    .get();
  return next?.at ?? null;
}
