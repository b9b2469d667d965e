/**
 * A phone whose camera films a printed label: Chromium's fake capture
 * device plays a Y4M video we write from a screenshot of the label as the
 * app drew it, so the app's real camera path (getUserMedia, frames, the QR
 * reader) runs on it.
 */
import { writeFileSync } from "node:fs";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser } from "./browser";

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 10;

/**
 * Writes a Y4M video (640×480, grey) of `label` — a screenshot of it, on
 * white, as a camera held over the sheet would see it — to `file`.
 * `page` decodes the screenshot (any page of ours will do).
 */
export async function filmLabel(page: Page, label: Locator, file: string): Promise<void> {
  const png = await label.screenshot();
  const lumaBase64 = await page.evaluate(
    async ({ base64, width, height }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const image = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      const scale = Math.min((width * 0.9) / image.width, (height * 0.9) / image.height);
      const w = image.width * scale;
      const h = image.height * scale;
      context.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
      const { data } = context.getImageData(0, 0, width, height);
      // Full-range BT.601 luma, as Y4M's C420jpeg expects.
      let text = "";
      for (let i = 0; i < data.length; i += 4) {
        text += String.fromCharCode(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
      }
      return btoa(text);
    },
    { base64: png.toString("base64"), width: WIDTH, height: HEIGHT },
  );
  const luma = Buffer.from(lumaBase64, "base64");
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128); // no colour
  const frame = Buffer.concat([Buffer.from("FRAME\n"), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}

/** A Chromium whose camera plays `video` (looping), allowed without asking. */
export function launchPhoneWithCamera(video: string): Promise<Browser> {
  return launchBrowser([
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    `--use-file-for-fake-video-capture=${video}`,
  ]);
}
