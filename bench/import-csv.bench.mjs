// A CSV import as a person runs it (docs/performance.md): in real Chromium, a
// Shopify product export of BENCH_CSV_ROWS rows (products in four sizes, with
// SKUs, barcodes, prices, costs and counts) chosen in the import panel, then
// _Check import_ until the check shows what the import will do (timed from
// choosing the file: reading it in the page is part of the check), then
// _Import_ until it says finished, then the same file checked again against
// the room it filled. The rows/s a person gets, beside the same products
// sent by a script straight to `items.import` in parts of 500 — the server's
// own pace, with no page in the way — in the same run.
// Targets: the check in ≤ 10 s, the import at ≥ 500 rows/s, and the check
// again no slower than the first.
import { launchBrowser } from "../tests/support/browser.ts";
import { buildApp, startServer } from "../tests/support/server.ts";
import { about, knob, note, report, section, signedUp, signUpWithRoom } from "./harness.mjs";

const ROWS = knob("BENCH_CSV_ROWS", 20_000, 200);
const SIZES = ["S", "M", "L", "XL"];
const PRODUCTS = Math.ceil(ROWS / SIZES.length);
const CHECK_TARGET_S = 10;
const IMPORT_TARGET = 500;
const PART = 500;

const rowsPerSecond = (rows, ms) => (rows / ms) * 1000;
const perSecond = (value) => `${Math.round(value).toLocaleString("en-US")} rows/s`;
const seconds = (value) => `${(value / 1000).toFixed(1)} s`;

/** An EAN-13 for n: twelve digits and the check digit. */
function ean(n) {
  const digits = String(200_000_000_000 + n).padStart(12, "0");
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 ? 3 : 1);
  return digits + ((10 - (sum % 10)) % 10);
}

/** The file a shop would download from Shopify's admin (classic headers). */
function shopifyCsv() {
  const lines = [
    "Handle,Title,Body (HTML),Vendor,Type,Tags,Published,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Variant Compare At Price,Variant Barcode,Cost per item,Status",
  ];
  for (let p = 0; p < PRODUCTS; p++) {
    SIZES.forEach((size, index) => {
      const first = index === 0;
      const n = p * SIZES.length + index;
      lines.push(
        [
          `bench-tee-${p}`,
          first ? `Bench tee ${p}` : "",
          first ? `"<p>Soft cotton, size ${size}.</p>"` : "",
          first ? "Bench Mills" : "",
          first ? "Tees" : "",
          first ? '"cotton, summer"' : "",
          first ? "TRUE" : "",
          first ? "Size" : "",
          size,
          `BT-${p}-${size}`,
          String((p + index) % 7),
          "15.00",
          "19.00",
          ean(n),
          "6.40",
          first ? "active" : "",
        ].join(","),
      );
    });
  }
  return `${lines.join("\n")}\n`;
}

/** The same products as the app sends them to `items.import`. */
function productsOf(tag) {
  return Array.from({ length: PRODUCTS }, (_, p) => ({
    row: 2 + p * 4,
    handle: `${tag}-tee-${p}`,
    title: `Bench tee ${p}`,
    options: ["Size"],
    variants: SIZES.map((size, index) => ({
      row: 2 + p * 4 + index,
      values: [size],
      sku: `${tag}-${p}-${size}`,
      priceCents: 1500,
      quantity: (p + index) % 7,
    })),
  }));
}

about(
  `In Chromium, a Shopify export of ${ROWS.toLocaleString("en-US")} rows checked, imported and checked again through the import panel, ` +
    "beside the same products sent by a script straight to items.import.",
);

process.env.NODE_ENV = "production";
buildApp();
const server = await startServer();
const browser = await launchBrowser();
try {
  // The baseline: the server's own pace, parts sent one after another by a script.
  const owner = await signedUp(server.url.replace("http", "ws"), "import-csv");
  const direct = await owner.openRoom(await owner.newRoom("Import baseline"));
  const products = productsOf("direct");
  const perPart = PART / SIZES.length;
  const directStart = performance.now();
  for (let part = 0; part * perPart < products.length; part++) {
    const slice = products.slice(part * perPart, (part + 1) * perPart);
    await direct.call("items.import", [{ importId: "bench-direct", part, dryRun: false, products: slice }]);
  }
  const directMs = performance.now() - directStart;
  direct.close();
  owner.home.close();

  const page = await (await browser.newContext()).newPage();
  await signUpWithRoom(page, server.url, "Import bench");
  const file = { name: "products_export.csv", mimeType: "text/csv", buffer: Buffer.from(shopifyCsv()) };
  const long = { timeout: 30 * 60_000 };

  /**
   * Opens the panel, chooses the file and checks it; answers the milliseconds
   * from choosing the file until the check shows what the import will do
   * (the file read and mapped in the page, then checked by the server).
   */
  async function check() {
    await page.getByRole("button", { name: "Import CSV" }).click();
    const panel = page.getByTestId("import-panel");
    const started = performance.now();
    await panel.getByLabel("CSV file").setInputFiles(file);
    await panel.getByRole("button", { name: "Check import" }).click(long);
    await panel.getByRole("heading", { name: "What the import will do" }).waitFor(long);
    return { panel, ms: performance.now() - started };
  }

  const first = await check();
  const importStart = performance.now();
  await first.panel.getByRole("button", { name: /^Import \d/ }).click();
  await first.panel.getByRole("heading", { name: "Import finished" }).waitFor(long);
  const importMs = performance.now() - importStart;
  await first.panel.getByRole("button", { name: "Close" }).click();
  const again = await check();

  section(`a Shopify export of ${ROWS.toLocaleString()} rows (${PRODUCTS.toLocaleString()} products × 4 sizes)`);
  const imported = rowsPerSecond(ROWS, importMs);
  report("import in the browser", imported, rowsPerSecond(ROWS, directMs), perSecond, undefined, true);
  note(
    `    the import: ${perSecond(imported)} — ${imported >= IMPORT_TARGET ? "met" : "NOT met"} (target ≥ ${IMPORT_TARGET})`,
  );
  note(
    `    the check: ${seconds(first.ms)} — ${first.ms <= CHECK_TARGET_S * 1000 ? "met" : "NOT met"} (target ≤ ${CHECK_TARGET_S} s)`,
  );
  report("check again, full room", again.ms, first.ms, seconds, 1);
} finally {
  await browser.close();
  await server.stop();
}
