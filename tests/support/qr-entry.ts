/**
 * Browser-side half of the QR tests and benchmark, bundled to an IIFE by
 * qr-bundle.ts and injected into a blank Chromium page as `window.qrTest`.
 * Decoding uses jsQR's own dist file, injected separately: an independent
 * reader, not our code.
 */
import qrcodeGenerator from "qrcode-generator";
import { createElement } from "react";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { drawQr } from "../../app/qr/draw";
import { renderPng, renderSvg } from "../../app/qr/export";
import { layoutQr } from "../../app/qr/geometry";
import InviteQr from "../../app/qr/InviteQr";
import LabelSheet from "../../app/qr/LabelSheet";
import { PIECES_DELAY_MS } from "../../app/qr/options";
import QrCode from "../../app/qr/QrCode";

type JsQr = typeof import("jsqr").default;
declare const jsQR: JsQr;

export interface Decoded {
  /** jsQR's text, and the raw bytes it read decoded as UTF-8 (both must match the input). */
  text: string | null;
  bytesAsUtf8: string | null;
  width: number;
  height: number;
}

/** Loads an image URL (PNG, SVG, data: or blob:). */
function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`image did not load: ${src.slice(0, 60)}`));
    image.src = src;
  });
}

/** Rasterises `source` at its natural size times `scale` on a white canvas and reads it with jsQR. */
function decodeDrawable(source: CanvasImageSource, width: number, height: number): Decoded {
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width);
  canvas.height = Math.round(height);
  const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const code = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: "dontInvert" });
  return {
    text: code ? code.data : null,
    bytesAsUtf8: code ? new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(code.binaryData)) : null,
    width: canvas.width,
    height: canvas.height,
  };
}

async function decodeUrl(url: string, scale = 1): Promise<Decoded> {
  const image = await loadImage(url);
  return decodeDrawable(image, image.naturalWidth * scale, image.naturalHeight * scale);
}

async function decodeBlob(blob: Blob, scale = 1): Promise<Decoded> {
  const url = URL.createObjectURL(blob);
  try {
    return await decodeUrl(url, scale);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** An SVG string rasterised as an image at twice its own size (as the PNG is), then read. */
function decodeSvg(svg: string): Promise<Decoded> {
  return decodeBlob(new Blob([svg], { type: "image/svg+xml" }), 2);
}

/** An inline <svg> on the page (a printed label's code), serialised and read at `pixels` wide. */
function decodeSvgElement(svg: SVGSVGElement, pixels = 512): Promise<Decoded> {
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute("width", String(pixels));
  copy.setAttribute("height", String(pixels));
  return decodeBlob(new Blob([new XMLSerializer().serializeToString(copy)], { type: "image/svg+xml" }));
}

/** A solid-coloured test image (module piece or logo) as a PNG data: URL. */
function makeImage(size: number, paint: (ctx: CanvasRenderingContext2D, size: number) => void): string {
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  paint(canvas.getContext("2d")!, size);
  return canvas.toDataURL("image/png");
}

const testImages = {
  /** A dark navy tile with a lighter inner bevel: still reads as dark. */
  navyTile: () =>
    makeImage(32, (ctx, s) => {
      ctx.fillStyle = "#0d1b4c";
      ctx.fillRect(0, 0, s, s);
      ctx.fillStyle = "#22306a";
      ctx.fillRect(s * 0.3, s * 0.3, s * 0.4, s * 0.4);
    }),
  /** A dark green disc on transparency. */
  greenDot: () =>
    makeImage(32, (ctx, s) => {
      ctx.fillStyle = "#0b3d1f";
      ctx.beginPath();
      ctx.arc(s / 2, s / 2, s * 0.48, 0, Math.PI * 2);
      ctx.fill();
    }),
  /** A wide "room logo": an orange badge with a white S (not square, so `contain` matters). */
  logo: () =>
    makeImage(96, (ctx, s) => {
      ctx.fillStyle = "#e8590c";
      ctx.beginPath();
      ctx.roundRect(0, s * 0.2, s, s * 0.6, s * 0.1);
      ctx.fill();
      ctx.fillStyle = "#fff";
      ctx.font = `bold ${s * 0.5}px sans-serif`;
      ctx.textAlign = "center";
      ctx.textBaseline = "middle";
      ctx.fillText("S", s / 2, s / 2);
    }),
};

/** True when no pixel has been painted (a freshly sized canvas is transparent black). */
function isBlank(canvas: HTMLCanvasElement): boolean {
  const { data } = canvas
    .getContext("2d", { willReadFrequently: true })!
    .getImageData(0, 0, canvas.width, canvas.height);
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return false;
  return true;
}

const roots = new Map<Element, Root>();
/** Renders a React element into `container` (replacing what was there). */
function render(container: Element, element: React.ReactElement): void {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  flushSync(() => root.render(element));
}

/** The benchmark's baseline: a plain code drawn by qrcode-generator itself (one fillRect per module). */
function drawPlain(canvas: HTMLCanvasElement, data: string): void {
  const code = qrcodeGenerator(0, "M");
  code.addData(data);
  code.make();
  const count = code.getModuleCount();
  const cell = Math.floor(canvas.width / (count + 8));
  const ctx = canvas.getContext("2d")!;
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.save();
  ctx.translate(cell * 4, cell * 4);
  code.renderTo2dContext(ctx, cell);
  ctx.restore();
}

const qrTest = {
  layoutQr,
  drawQr,
  renderPng,
  renderSvg,
  PIECES_DELAY_MS,
  decodeUrl,
  decodeBlob,
  decodeSvg,
  decodeSvgElement,
  decodeDrawable,
  testImages,
  isBlank,
  render,
  drawPlain,
  h: createElement,
  components: { QrCode, LabelSheet, InviteQr },
};

export type QrTestApi = typeof qrTest;
declare global {
  interface Window {
    qrTest: QrTestApi;
  }
}
window.qrTest = qrTest;
