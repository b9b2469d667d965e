// Label benchmark (docs/product.md §4): drawing 100 item labels' QR codes in Chromium
// — distinct share links, the default style and a styled one with a centre
// logo — each beside a baseline from the same run: the same 100 links drawn
// by qrcode-generator itself (its auto type, one fillRect per module) on a
// canvas of the same size. Both sides end in a PNG blob, as the on-page code
// does (its <img> shows that blob). Also a whole 100-label sheet (React,
// A4) from render to every code shown. Median of ROUNDS interleaved rounds.
// No app server: the renderer is bundled for a blank page, as in the tests.

import { launchBrowser } from "../tests/support/browser.ts";
import { bundleQrEntry } from "../tests/support/qr-bundle.ts";
import { about, knob, ms, percentile, report, section } from "./harness.mjs";

const LABELS = knob("BENCH_LABELS", 100, 4);
const ROUNDS = knob("BENCH_LABEL_ROUNDS", 5, 1);

about(
  `${LABELS} label QR codes drawn in Chromium (default style, and rounded with colours and a logo) and a ${LABELS}-label A4 sheet, ` +
    "beside qrcode-generator drawing the same links with one fillRect per module on a canvas of the same size, each ending as a PNG.",
);

const bundle = await bundleQrEntry();
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"></head><body><main id="app"></main></body></html>`,
  );
  await page.addScriptTag({ content: bundle.js });
  await page.addStyleTag({ content: bundle.css });

  // A wide room logo, made once (a PNG data: URL).
  const logo = await page.evaluate(() => window.qrTest.testImages.logo());

  /** One timed batch in the page: `LABELS` codes of fresh links, drawn one after another, in ms. */
  const batch = (kind, round) =>
    page.evaluate(
      async ({ kind, round, count, logo }) => {
        const { drawQr, drawPlain, render, h, components } = window.qrTest;
        const links = Array.from(
          { length: count },
          (_, i) => `https://stockroom.example/s/${kind}-${round}-${i}-${(i * 2654435761) % 1e9}`,
        );
        const styled = {
          moduleShape: "rounded",
          finderStyle: "rounded",
          dark: "#1f3b36",
          light: "#fbf7ee",
          finderColor: "#7a2e1c",
          logo: { src: logo },
        };
        const toBlob = (canvas) => new Promise((resolve) => canvas.toBlob(resolve, "image/png"));
        const started = performance.now();
        if (kind === "sheet") {
          const host = document.createElement("div");
          document.getElementById("app").append(host);
          const labels = links.map((link, i) => ({
            id: link,
            title: `Item ${i}`,
            priceText: "€12.00",
            sku: `SKU-${i}`,
            link,
          }));
          render(host, h(components.LabelSheet, { labels, paper: "a4" }));
          // Sheets draw vector codes (svg, named like the img of a single code).
          while (host.querySelectorAll("svg[aria-label='Scan me!'], img[alt='Scan me!']").length < count)
            await new Promise((r) => setTimeout(r, 1));
          const took = performance.now() - started;
          render(host, h("div"));
          host.remove();
          return took;
        }
        for (const link of links) {
          const canvas = document.createElement("canvas");
          if (kind === "baseline") {
            canvas.width = 512;
            canvas.height = 512;
            drawPlain(canvas, link);
          } else {
            await drawQr(canvas, link, kind === "styled" ? styled : {});
          }
          await toBlob(canvas);
        }
        return performance.now() - started;
      },
      { kind, round, count: LABELS, logo },
    );

  const kinds = ["baseline", "default", "styled", "sheet"];
  for (const kind of kinds) await batch(kind, -1); // warm-up
  const times = Object.fromEntries(kinds.map((kind) => [kind, []]));
  for (let round = 0; round < ROUNDS; round++) for (const kind of kinds) times[kind].push(await batch(kind, round));
  const median = (kind) => percentile(times[kind], 50);

  section(`(c) ${LABELS} label QR codes in Chromium, 256 px shown on a 512 px canvas, median of ${ROUNDS} rounds`);
  report("baseline: qrcode-generator fillRect (itself)", median("baseline"), median("baseline"), ms);
  report(`${LABELS} codes, default style`, median("default"), median("baseline"), ms);
  report(`${LABELS} codes, rounded + colours + logo`, median("styled"), median("baseline"), ms);
  report(`${LABELS}-label A4 sheet, render to all shown`, median("sheet"), median("baseline"), ms);
} finally {
  await browser.close();
}
