/**
 * Items from photos (docs/product.md §2): for each chosen photo, read its tags, upload
 * it with the tags in `meta` and the new item's fields beside them, then
 * add tag-free thumbnail and web copies. The server creates the draft item
 * when the original finishes uploading, so closing the tab after "Uploaded"
 * loses nothing. Pre-fill: caption → title, quantity 1, draft; the place
 * and time a photo was taken stay with the photo, never in the item.
 */
import { LIMITS, METHOD } from "../../protocol/api";
import type { ItemFields } from "../../protocol/args";
import { type FinishedFile, NEW_ITEM_META_KEY } from "../../protocol/files";
import type { LiveConnection } from "../live";
import { callOn } from "../live-api";
import { makeImageVersion } from "./image-versions";
import { type PhotoTags, readPhotoTags } from "./photo-tags";
import { Upload } from "./upload";

export type NewItemFields = Omit<ItemFields, "photos">;

/**
 * The new item a photo makes: its caption (else its file name) as the
 * title. A caption too long for a title is not cut without a word: the
 * title is its beginning, up to a word's end, and the whole caption becomes
 * the description (a caption is what the photo shows, fit for the share
 * page; the place and time stay with the photo).
 */
export function draftFromPhoto(fileName: string, tags: PhotoTags): NewItemFields & { shortened: boolean } {
  const text = (tags.caption ?? fileName.replace(/\.[^.]*$/, "").replace(/[_-]+/g, " ")).trim();
  const chars = Array.from(text);
  if (chars.length <= LIMITS.ITEM_TITLE) {
    return { title: text || "Untitled", quantity: 1, status: "draft", shortened: false };
  }
  const cut = chars.slice(0, LIMITS.ITEM_TITLE - 1).join("");
  const atWord = cut.replace(/\s+\S*$/, "");
  return {
    title: `${atWord.length > LIMITS.ITEM_TITLE / 2 ? atWord : cut}…`,
    description: Array.from(text).slice(0, LIMITS.ITEM_TEXT).join(""),
    quantity: 1,
    status: "draft",
    shortened: true,
  };
}

/**
 * Uploads one photo with its tags in `meta` (and, for a new item, the
 * item's fields), then its tag-free thumbnail and web copies; `onUpload`
 * sees the original's upload for progress and controls.
 */
export async function uploadPhoto(
  connection: LiveConnection,
  roomId: string,
  photo: File,
  onUpload: (upload: Upload) => void,
  newItem?: (tags: PhotoTags) => NewItemFields,
): Promise<{ doc: FinishedFile; tags: PhotoTags }> {
  const tags = await readPhotoTags(photo);
  const meta = newItem ? { tags, [NEW_ITEM_META_KEY]: newItem(tags) } : { tags };
  const upload = new Upload(connection, photo, { roomId, collection: "itemPhotos", meta });
  onUpload(upload);
  const doc: FinishedFile = await upload.done;
  for (const version of ["thumbnail", "web"] as const) {
    const copy = await makeImageVersion(photo, version, photo.name);
    await new Upload(connection, copy, { roomId, collection: "itemPhotos", fileId: doc._id, version }).done;
  }
  return { doc, tags };
}

/** A new draft item from one photo; answers its id, and what the person should know about it. */
export async function addItemFromPhoto(
  connection: LiveConnection,
  roomId: string,
  photo: File,
  onUpload: (upload: Upload) => void,
): Promise<{ itemId: string; note: string | null }> {
  let shortened = false;
  const { doc, tags } = await uploadPhoto(connection, roomId, photo, onUpload, (read) => {
    const { shortened: cut, ...fields } = draftFromPhoto(photo.name, read);
    shortened = cut;
    return fields;
  });
  if (!doc.itemId) throw new Error("The photo was uploaded but no item was made from it");
  const length = Array.from(tags.caption ?? "").length;
  const note = shortened
    ? `“${photo.name}”: its caption has ${length.toLocaleString()} characters, more than a title takes (${LIMITS.ITEM_TITLE}); the title is its beginning and the whole caption is the item's description.`
    : null;
  return { itemId: doc.itemId, note };
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
    await callOn(connection)(METHOD.ITEMS_ADD_PHOTO, itemId, doc._id);
  }
}
