/** The version a shared link may show: never an image's original, whose tags may hold a location. */
export function shareableVersion(file: { type: string }, versions: Record<string, unknown>, requested: string) {
  if (!file.type.startsWith("image/")) return requested;
  if (requested !== "original" && requested in versions) return requested;
  if ("web" in versions) return "web";
  if ("thumbnail" in versions) return "thumbnail";
  return null;
}
