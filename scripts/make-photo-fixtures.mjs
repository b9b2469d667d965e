/**
 * Makes the JPEG fixtures with known photo tags (run once; the results are
 * committed in tests/fixtures/photos). The base images are encoded by
 * Chromium (canvas → JPEG, no tags); EXIF is written with piexifjs, IPTC
 * and XMP by hand.
 *   node scripts/make-photo-fixtures.mjs
 */

import { readFileSync, writeFileSync } from "node:fs";
import piexif from "piexifjs";
import { chromium } from "playwright-core";

const dir = new URL("../tests/fixtures/photos/", import.meta.url);

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage();
const bases = {};
for (const colour of ["#c8a165", "#5c4033", "#3f6fb5", "#eeeeee"]) {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement("canvas");
    canvas.width = 64;
    canvas.height = 48;
    const context = canvas.getContext("2d");
    context.fillStyle = fill;
    context.fillRect(0, 0, 64, 48);
    return canvas.toDataURL("image/jpeg", 0.9);
  }, colour);
  bases[colour] = Buffer.from(dataUrl.split(",")[1], "base64");
}
await browser.close();

function baseJpeg(colour) {
  return bases[colour];
}

function segment(marker, payload) {
  const length = payload.length + 2;
  return Buffer.concat([Buffer.from([0xff, marker, length >> 8, length & 0xff]), payload]);
}

function iptcCaption(text) {
  const value = Buffer.from(text, "utf8");
  const dataset = Buffer.concat([Buffer.from([0x1c, 0x02, 0x78, value.length >> 8, value.length & 0xff]), value]);
  const padded = dataset.length % 2 ? Buffer.concat([dataset, Buffer.from([0])]) : dataset;
  const size = Buffer.alloc(4);
  size.writeUInt32BE(dataset.length);
  const resource = Buffer.concat([Buffer.from("8BIM"), Buffer.from([0x04, 0x04, 0x00, 0x00]), size, padded]);
  return segment(0xed, Buffer.concat([Buffer.from("Photoshop 3.0\0"), resource]));
}

function xmpDescription(text) {
  const xml = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:description><rdf:Alt><rdf:li xml:lang="x-default">${text}</rdf:li></rdf:Alt></dc:description></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
  return segment(0xe1, Buffer.concat([Buffer.from("http://ns.adobe.com/xap/1.0/\0"), Buffer.from(xml, "utf8")]));
}

/** Puts extra segments right after SOI (and after any APP0/APP1 already there). */
function withSegments(jpeg, segments) {
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

function dms(degrees) {
  const d = Math.floor(degrees);
  const m = Math.floor((degrees - d) * 60);
  const s = Math.round(((degrees - d) * 60 - m) * 60 * 10000);
  return [
    [d, 1],
    [m, 1],
    [s, 10000],
  ];
}

// 1. Everything in EXIF: camera, lens, position, caption, time, orientation.
const exif = piexif.dump({
  "0th": {
    [piexif.ImageIFD.Make]: "Canon",
    [piexif.ImageIFD.Model]: "Canon EOS R6",
    [piexif.ImageIFD.ImageDescription]: "Brass desk lamp",
    [piexif.ImageIFD.Orientation]: 6,
  },
  Exif: {
    [piexif.ExifIFD.DateTimeOriginal]: "2026:03:14 09:26:53",
    [piexif.ExifIFD.LensModel]: "RF24-105mm F4 L IS USM",
  },
  GPS: {
    [piexif.GPSIFD.GPSLatitudeRef]: "N",
    [piexif.GPSIFD.GPSLatitude]: dms(52.37403),
    [piexif.GPSIFD.GPSLongitudeRef]: "W",
    [piexif.GPSIFD.GPSLongitude]: dms(4.88969),
  },
});
const tagged = Buffer.from(piexif.insert(exif, baseJpeg("#c8a165").toString("binary")), "binary");
writeFileSync(new URL("lamp-exif.jpg", dir), tagged);

// 2. Caption only in IPTC (and a different one in XMP: IPTC wins).
writeFileSync(
  new URL("table-iptc.jpg", dir),
  withSegments(baseJpeg("#5c4033"), [iptcCaption("Walnut side table"), xmpDescription("Side table (XMP)")]),
);

// 3. Caption only in XMP.
writeFileSync(new URL("vase-xmp.jpg", dir), withSegments(baseJpeg("#3f6fb5"), [xmpDescription("Blue glass vase")]));

// 4. No tags at all.
writeFileSync(new URL("plain.jpg", dir), baseJpeg("#eeeeee"));

console.log("fixtures written:", readFileSync(new URL("lamp-exif.jpg", dir)).length, "bytes for lamp-exif.jpg");
