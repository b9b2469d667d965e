// Products with variants and the CSV import (docs/architecture.md §9), each
// figure beside a baseline from the same run:
//   (a) a CSV import of BENCH_IMPORT_ROWS rows (products in four sizes) through
//       its one bulk path — `items.import` parts of 500 rows, each one
//       transaction — vs the same number of items added one `items.add` call
//       at a time (under a `bench.` name, so the call budget lets it run);
//       target: well under a minute for 5,000 rows;
//   (b) a catalogue of BENCH_PRODUCTS products × 4 variants opening (its
//       first window, `items.window`, until ready) vs 100 products × 4
//       (opened whole with `items`, as the app opens a small room);
//   (c) a search in it (a title word; a variant's own SKU) vs the same in
//       the room of 100 products.
// BENCH_SMOKE=1 runs it small (npm test runs it that way).
import { about, knob, ms, note, percentile, report, section, signedUp, startBenchServer } from "./harness.mjs";

const ROWS = knob("BENCH_IMPORT_ROWS", 5_000, 200);
const PRODUCTS = knob("BENCH_PRODUCTS", 10_000, 600);
const ROUNDS = knob("BENCH_VARIANT_ROUNDS", 7, 3);
const PART = 500;
const SIZES = ["S", "M", "L", "XL"];

const timed = async (work) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

/** The file's products as the app sends them: four rows (sizes) each. */
function productsOf(count, tag) {
  return Array.from({ length: count }, (_, i) => ({
    row: 2 + i * 4,
    handle: `${tag}-tee-${i}`,
    title: `Tee ${i}`,
    options: ["Size"],
    variants: SIZES.map((size, index) => ({
      row: 2 + i * 4 + index,
      values: [size],
      sku: `${tag}-${i}-${size}`,
      priceCents: 1500,
      quantity: (i + index) % 5,
    })),
  }));
}

about(
  `A CSV import of ${ROWS.toLocaleString("en-US")} rows through items.import beside as many items added one call at a time; ` +
    `a catalogue of ${PRODUCTS.toLocaleString("en-US")} products × 4 variants opening, and searches in it, beside a room of 100 × 4.`,
);

const server = await startBenchServer();
try {
  const owner = await signedUp(server.wsUrl, "variants");

  // (a) Import vs one call per item.
  const importRoom = await owner.openRoom(await owner.newRoom("Import bench"));
  const products = productsOf(ROWS / SIZES.length, "imp");
  const perPart = PART / SIZES.length;
  const imported = await timed(async () => {
    for (let part = 0; part * perPart < products.length; part++) {
      const slice = products.slice(part * perPart, (part + 1) * perPart);
      const report = await importRoom.call("items.import", [
        { importId: "bench-import", part, dryRun: false, products: slice },
      ]);
      if (report.problems.length) throw new Error(`bench: import refused rows: ${report.problems[0].message}`);
    }
  });
  const oneByOne = await timed(async () => {
    for (let i = 0; i < ROWS; i++) {
      await importRoom.call("bench.addItem", [
        { title: `One ${i}`, sku: `one-${i}`, priceCents: 1500, quantity: i % 5 },
      ]);
    }
  });
  section(`(a) importing ${ROWS.toLocaleString()} CSV rows in parts of ${PART} vs adding as many items one call each`);
  report("import", imported, oneByOne, ms);
  note(`    ${Math.round((ROWS / imported) * 1000).toLocaleString()} rows/s imported`);
  importRoom.close();

  // (b, c) A big room of products in four sizes vs a room of 100.
  const bigId = await owner.newRoom("Big variants");
  const smallId = await owner.newRoom("Small variants");
  for (const [roomId, count] of [
    [bigId, PRODUCTS],
    [smallId, 100],
  ]) {
    const seeding = await owner.openRoom(roomId);
    await seeding.call("bench.seedVariantProducts", [count]);
    seeding.close();
  }
  const firstWindow = { text: "", status: "all", tag: "", low: false, sort: "createdAt", descending: true, limit: 200 };
  const opening = async (roomId, subscribe) => {
    const samples = [];
    for (let i = 0; i < ROUNDS; i++) {
      const reader = await owner.openRoom(roomId);
      samples.push(await timed(() => subscribe(reader)));
      reader.close();
    }
    return percentile(samples, 50);
  };
  const bigOpen = await opening(bigId, (reader) => reader.subscribe("items.window", [firstWindow]));
  const smallOpen = await opening(smallId, (reader) => reader.subscribe("items"));
  section(
    `(b) opening a catalogue of ${PRODUCTS.toLocaleString()} products × 4 variants (first window) vs 100 × 4 (whole), median of ${ROUNDS}`,
  );
  report("open", bigOpen, smallOpen, ms);

  const searching = async (roomId, text) =>
    opening(roomId, (reader) => reader.subscribe("items.window", [{ ...firstWindow, text }]));
  const word = `tee ${Math.floor(PRODUCTS / 2)}`;
  section(`(c) a search until its window is ready, ${PRODUCTS.toLocaleString()} products × 4 vs 100 × 4`);
  report("title words", await searching(bigId, word), await searching(smallId, "tee 50"), ms);
  const sku = `TEE-${Math.floor(PRODUCTS / 2)}-XL`;
  report("variant SKU", await searching(bigId, sku), await searching(smallId, "TEE-50-XL"), ms);
  owner.home.close();
} finally {
  await server.stop();
}
