/**
 * Items from photos (SPEC A2): for each chosen photo, read its tags, upload
 * it with the tags in `meta`, add tag-free thumbnail and web copies, and
 * create a draft item pre-filled from the tags (caption → title, position →
 * location, time taken → description).
 */
import { type ItemFields, METHOD } from "../../protocol/api";
import type { FileDoc } from "../../protocol/files";
import type { LiveConnection } from "../live";
import { makeImageVersion } from "./image-versions";
import { type PhotoTags, readPhotoTags } from "./photo-tags";
import { Upload } from "./upload";

export function draftFromPhoto(fileName: string, tags: PhotoTags, photoId: string): ItemFields {
  const title = (tags.caption ?? fileName.replace(/\.[^.]*$/, "").replace(/[_-]+/g, " ")).slice(0, 200) || "Untitled";
  const draft: ItemFields = { title, status: "draft", photos: [photoId] };
  if (tags.position) draft.location = `${tags.position.latitude}, ${tags.position.longitude}`;
  if (tags.takenAt) draft.description = `Photo taken ${tags.takenAt.replace("T", " ")}`;
  return draft;
}

/**
 * Uploads one photo with its tags in `meta`, then its tag-free thumbnail and
 * web copies; `onUpload` sees the original's upload for progress and controls.
 */
export async function uploadPhoto(
  connection: LiveConnection,
  roomId: string,
  photo: File,
  onUpload: (upload: Upload) => void,
): Promise<{ doc: FileDoc; tags: PhotoTags }> {
  const tags = await readPhotoTags(photo);
  const upload = new Upload(connection, photo, { roomId, collection: "itemPhotos", meta: { tags } });
  onUpload(upload);
  const doc: FileDoc = await upload.done;
  for (const version of ["thumbnail", "web"] as const) {
    const copy = await makeImageVersion(photo, version, photo.name);
    await new Upload(connection, copy, { roomId, collection: "itemPhotos", fileId: doc._id, version }).done;
  }
  return { doc, tags };
}

/** A new draft item from one photo. */
export async function addItemFromPhoto(
  connection: LiveConnection,
  roomId: string,
  photo: File,
  onUpload: (upload: Upload) => void,
): Promise<string> {
  const { doc, tags } = await uploadPhoto(connection, roomId, photo, onUpload);
  return (await connection.call(METHOD.ITEMS_ADD, draftFromPhoto(photo.name, tags, doc._id))) as string;
}

/**
 * Adds photos to an existing item, one after another. The server appends
 * each to the item's photos as they are when it lands, so a reorder or
 * another upload meanwhile is kept.
 */
export async function addPhotosToItem(
  connection: LiveConnection,
  roomId: string,
  itemId: string,
  photos: readonly File[],
  onUpload: (upload: Upload) => void,
): Promise<void> {
  for (const photo of photos) {
    const { doc } = await uploadPhoto(connection, roomId, photo, onUpload);
    await connection.call(METHOD.ITEMS_ADD_PHOTO, itemId, doc._id);
  }
}
