/**
 * Whether the first bytes of a file fit the image type it claims, so a file
 * that calls itself an image but is not is refused at its first chunk.
 */

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

export function matchesImageType(type: string, head: Uint8Array): boolean {
  switch (type) {
    case "image/jpeg":
      return startsWith(head, [0xff, 0xd8, 0xff]);
    case "image/png":
      return startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case "image/gif":
      return startsWith(head, ascii("GIF87a")) || startsWith(head, ascii("GIF89a"));
    case "image/webp":
      return startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8);
    case "image/heic":
    case "image/heif":
    case "image/avif":
      return startsWith(head, ascii("ftyp"), 4);
    case "image/svg+xml": {
      const text = new TextDecoder().decode(head.subarray(0, 1024)).trimStart().toLowerCase();
      return text.startsWith("<") && text.includes("<svg");
    }
    default:
      // Not an image type: nothing to check here.
      return !type.startsWith("image/");
  }
}
