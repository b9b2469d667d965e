/** The part of piexifjs (no types of its own) the tests use: write EXIF tags into a JPEG. */
declare module "piexifjs" {
  const piexif: {
    ImageIFD: { ImageDescription: number; Make: number; Model: number };
    dump(exif: Record<string, Record<number, unknown>>): string;
    insert(exif: string, jpeg: string): string;
  };
  export default piexif;
}
