// Benchmark (b): the JavaScript a browser downloads to show the sign-in page
// and to open a room (catalogue), gzipped — recorded in real Chromium, so
// only what the pages really load counts (QR, photo tags and charts are lazy
// chunks and must not appear). Baseline, built in the same run: the smallest
// React app (react + react-dom rendering one element), what any page made
// with React pays before its first line of its own code.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";
import { launchBrowser } from "../tests/support/browser.ts";
import { buildApp, startServer } from "../tests/support/server.ts";
import { about, note, report, section, signUpWithRoom } from "./harness.mjs";

const BUDGET_KB = 150;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (bytes) => gzipSync(bytes, { level: 9 }).length;

/** The smallest React app, built with the same Vite and minifier as ours. */
async function baselineBytes() {
  const root = resolve("node_modules/.cache/bench-react-baseline");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, "index.html"), '<div id="root"></div><script type="module" src="./main.js"></script>');
  writeFileSync(
    join(root, "main.js"),
    'import { createElement } from "react";\nimport { createRoot } from "react-dom/client";\n' +
      'createRoot(document.getElementById("root")).render(createElement("p", null, "Hello"));\n',
  );
  const output = await build({
    root,
    configFile: false,
    logLevel: "error",
    mode: "production",
    build: { outDir: join(root, "dist"), write: false },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) => result.output);
  return chunks
    .filter((chunk) => chunk.type === "chunk")
    .reduce((sum, chunk) => sum + gzipped(Buffer.from(chunk.code)), 0);
}

/** Every script the page loads from our origin, by path. */
function recordScripts(page, origin) {
  const scripts = new Set();
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.origin === origin && url.pathname.endsWith(".js")) scripts.add(url.pathname);
  });
  return scripts;
}

function gzippedTotal(paths) {
  let total = 0;
  for (const path of paths) total += gzipped(readFileSync(join("dist/client", path)));
  return total;
}

process.env.NODE_ENV = "production";
about(
  "The JavaScript Chromium downloads, gzipped, to show the sign-in page and to open a room, " +
    "beside the smallest React app (react + react-dom rendering one element) built with the same Vite in the same run.",
);

buildApp();
const baseline = await baselineBytes();
const server = await startServer();
const browser = await launchBrowser();
try {
  const context = await browser.newContext();
  const signIn = await context.newPage();
  const signInScripts = recordScripts(signIn, server.url);
  await signIn.goto(`${server.url}/sign-in`);
  await signIn.getByRole("button", { name: "Sign in" }).waitFor();
  await signIn.waitForLoadState("load");
  // What the page needed to show; the room's chunk, fetched afterwards when idle, is listed apart.
  const signInShownWith = new Set(signInScripts);
  await signIn.waitForLoadState("networkidle");

  // A person signed in opens a room's address: a fresh page, as from a bookmark or a link.
  const setup = await context.newPage();
  const roomUrl = await signUpWithRoom(setup, server.url, "Bundle bench");
  await setup.close();

  const room = await context.newPage();
  const roomScripts = recordScripts(room, server.url);
  await room.goto(roomUrl);
  await room.getByText("No items yet").waitFor();
  await room.waitForLoadState("load");
  // What the room needed to show; chunks fetched afterwards while the browser is idle
  // (the dashboard's, so its tab opens at once) are listed apart.
  const shownWith = new Set(roomScripts);
  await room.waitForLoadState("networkidle");
  const prefetched = [...roomScripts].filter((path) => !shownWith.has(path));

  const signInBytes = gzippedTotal(signInShownWith);
  const roomBytes = gzippedTotal(shownWith);
  section("initial JavaScript (until the page's load event), gzipped, against the smallest React app");
  note(`sign-in page scripts: ${[...signInShownWith].map((p) => p.split("/").pop()).join(", ")}`);
  const signInLater = [...signInScripts].filter((path) => !signInShownWith.has(path));
  note(`  then when idle:     ${signInLater.map((p) => p.split("/").pop()).join(", ") || "none"}`);
  note(`room page scripts:    ${[...shownWith].map((p) => p.split("/").pop()).join(", ")}`);
  note(
    `fetched when idle:    ${prefetched.map((p) => p.split("/").pop()).join(", ") || "none"} (${kb(gzippedTotal(prefetched))})`,
  );
  const lazy = [...shownWith].filter((p) => /QrCode|LabelSheet|full\.esm|DashboardPanel/i.test(p));
  note(`lazy chunks loaded by the room page: ${lazy.length === 0 ? "none" : lazy.join(", ")}`);
  report("initial JS, sign-in page (gzip)", signInBytes, baseline, kb);
  report("initial JS, room page (gzip)", roomBytes, baseline, kb);
  note(
    `room page against the ${BUDGET_KB} KB budget: ${kb(roomBytes)} — ${roomBytes <= BUDGET_KB * 1024 ? "met" : "NOT met"}`,
  );
} finally {
  await browser.close();
  await server.stop();
}
