/**
 * Tags read from the committed JPEG fixtures (scripts/make-photo-fixtures.mjs)
 * by the same exifr call the browser makes.
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { mapLink, readPhotoTags } from "../../app/files/photo-tags";

function fixture(name: string, type = "image/jpeg"): File {
  const bytes = readFileSync(resolve("tests/fixtures/photos", name));
  return new File([bytes], name, { type });
}

describe("photo tags", () => {
  it("reads camera, lens, position, caption, time taken and orientation from EXIF", async () => {
    expect(await readPhotoTags(fixture("lamp-exif.jpg"))).toEqual({
      camera: { make: "Canon", model: "Canon EOS R6", lens: "RF24-105mm F4 L IS USM" },
      position: { latitude: 52.37403, longitude: -4.88969 },
      caption: "Brass desk lamp",
      takenAt: "2026-03-14T09:26:53",
      orientation: 6,
    });
  });

  it("takes the IPTC caption before the XMP description, and XMP when it is the only one", async () => {
    expect(await readPhotoTags(fixture("table-iptc.jpg"))).toEqual({ caption: "Walnut side table" });
    expect(await readPhotoTags(fixture("vase-xmp.jpg"))).toEqual({ caption: "Blue glass vase" });
  });

  it("gives no tags for a photo without any", async () => {
    expect(await readPhotoTags(fixture("plain.jpg"))).toEqual({});
  });

  it("answers Could not load image for a file that is not an image", async () => {
    await expect(readPhotoTags(new File(["hello"], "notes.txt", { type: "text/plain" }))).rejects.toMatchObject({
      reason: "Could not load image",
    });
    await expect(
      readPhotoTags(new File(["not a jpeg at all"], "fake.jpg", { type: "image/jpeg" })),
    ).rejects.toMatchObject({
      reason: "Could not load image",
    });
  });

  it("links a position to a map", () => {
    expect(mapLink({ latitude: 52.37403, longitude: -4.88969 })).toBe(
      "https://www.openstreetmap.org/?mlat=52.37403&mlon=-4.88969#map=17/52.37403/-4.88969",
    );
  });
});
