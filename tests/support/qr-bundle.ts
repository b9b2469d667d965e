/**
 * Bundles tests/support/qr-entry.ts (the QR renderer, its React components
 * and helpers) into one IIFE + CSS for a blank Chromium page, and names the
 * jsQR file to inject beside it. Used by tests/e2e/qr.test.ts and
 * bench/labels.bench.mjs; no app server needed. Node strips the types here
 * (the benchmark imports this file directly), so only erasable syntax.
 */
import { build } from "esbuild";

export interface QrBundle {
  js: string;
  css: string;
}

export async function bundleQrEntry(): Promise<QrBundle> {
  const result = await build({
    entryPoints: [new URL("./qr-entry.ts", import.meta.url).pathname],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    // React's production build: what users run, and what the benchmark should time.
    define: { "process.env.NODE_ENV": '"production"' },
    minify: false,
    write: false,
    outdir: "qr-bundle",
    logLevel: "error",
  });
  const text = (ext: string) => result.outputFiles.find((file) => file.path.endsWith(ext))?.text ?? "";
  return { js: text(".js"), css: text(".css") };
}

/** jsQR's own browser build (UMD: defines `window.jsQR`), the independent reader. */
export const JSQR_PATH = new URL("../../node_modules/jsqr/dist/jsQR.js", import.meta.url).pathname;
