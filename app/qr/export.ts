/**
 * PNG and SVG files of a code, each with the Stockroom mark in a footer
 * below the code (docs/protocol.md §5).
 */
import { type DrawEnv, drawQr } from "./draw";
import { layoutQr } from "./geometry";
import { toDataUrls } from "./images";
import type { QrOptions } from "./options";
import { writeSvg } from "./svg";

/** A PNG of the code with its mark, at twice the display size. */
export async function renderPng(data: string, options: QrOptions = {}, env: Omit<DrawEnv, "mark"> = {}): Promise<Blob> {
  const canvas = document.createElement("canvas");
  await drawQr(canvas, data, options, { ...env, mark: true });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("Could not make the PNG"))), "image/png"),
  );
}

/** A standalone SVG document of the code with its mark; images are embedded as data: URLs. */
export async function renderSvg(data: string, options: QrOptions = {}): Promise<string> {
  const geometry = layoutQr(data, options, { mark: true });
  return writeSvg(geometry, await toDataUrls(geometry.imageSources));
}
