/** A download's bytes, read through Playwright: works whether the browser was launched here or connected to. */
import type { Download } from "playwright-core";

export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function downloadedText(download: Download): Promise<string> {
  return (await downloadedBytes(download)).toString("utf8");
}
