/**
 * Why a chosen file did not become a photo, in words that say what to do.
 * The reader's own words ("Could not load image", docs/protocol.md §6) lead, so every
 * client reads the same; what the file was, and what to choose instead,
 * follow.
 */
import { LiveError } from "../../protocol/errors";
import { FILE_ERRORS } from "../../protocol/files";
import { errorMessage } from "../components/ErrorText";

const PHOTO_KINDS = "JPEG, PNG, WebP or HEIC";

/** What the file is, as the rest of a sentence that starts with its name. */
function whatItIs(file: File): string {
  const type = file.type.toLowerCase();
  if (type === "application/pdf") return "is a PDF document, not a photo";
  if (type.startsWith("text/")) return "is a text file, not a photo";
  if (type.startsWith("video/")) return "is a video, not a photo";
  if (type.startsWith("audio/")) return "is a sound file, not a photo";
  if (type.startsWith("image/")) return "is not an image this browser can open (it may be damaged)";
  return "is not a photo";
}

export function photoProblem(file: File, error: unknown): string {
  if (error instanceof LiveError && error.reason === FILE_ERRORS.NOT_AN_IMAGE) {
    return `${FILE_ERRORS.NOT_AN_IMAGE}: “${file.name}” ${whatItIs(file)}. Choose photos (${PHOTO_KINDS}).`;
  }
  return `“${file.name}”: ${errorMessage(error)}`;
}
