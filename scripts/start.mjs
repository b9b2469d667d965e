// `npm start`: migrate the local D1, build, and serve the built app with
// embedded D1, R2 and Durable Objects kept in .wrangler/state between runs.
import {
  BIN,
  BUILT_CONFIG,
  buildIfChanged,
  localFileLinkSecret,
  localStoreSecretKey,
  migrateLocal,
  startTool,
  waitUntilAnswering,
} from "./lib.mjs";

const port = process.env.PORT ?? "8787";
const persistTo = ".wrangler/state";

migrateLocal(persistTo);
buildIfChanged();
console.log("stockroom: starting the local server…");
const server = startTool(BIN.wrangler, [
  "dev",
  "-c",
  BUILT_CONFIG,
  "--port",
  port,
  "--inspector-port",
  "0",
  "--persist-to",
  persistTo,
  "--show-interactive-dev-session=false",
  // Local only: e-mail goes to the development outbox (never set in wrangler.toml).
  "--var",
  "STOCKROOM_DEV_OUTBOX:1",
  "--var",
  `FILE_LINK_SECRET:${localFileLinkSecret(persistTo)}`,
  "--var",
  `STORE_SECRET_KEY:${localStoreSecretKey(persistTo)}`,
]);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
// The address is printed once the app answers there, not before.
const url = `http://localhost:${port}`;
waitUntilAnswering(url).then(
  () => console.log(`\nstockroom: open ${url} — the app is ready (Ctrl-C stops it)\n`),
  (error) => console.error(`stockroom: ${error.message}`),
);
