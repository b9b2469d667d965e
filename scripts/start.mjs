// `npm start`: migrate the local D1, build, and serve the built app with
// embedded D1, R2 and Durable Objects kept in .wrangler/state between runs.
// The port is checked first: a port some other program (an earlier
// `npm start`, say) holds would have wrangler fail after "ready" was
// printed for the other program's answers. With PORT set, a taken port is
// an error; with the default, the next free port is used, and said.
import {
  BIN,
  BUILT_CONFIG,
  buildIfChanged,
  localFileLinkSecret,
  localStoreSecretKey,
  migrateLocal,
  portIsFree,
  startTool,
  waitUntilAnswering,
} from "./lib.mjs";

const DEFAULT_PORT = 8787;
const persistTo = ".wrangler/state";

async function choosePort() {
  if (process.env.PORT) {
    const asked = Number(process.env.PORT);
    if (await portIsFree(asked)) return asked;
    console.error(
      `stockroom: port ${asked} is taken (another program, maybe an earlier npm start, is using it). Stop it, or set PORT to another port.`,
    );
    process.exit(1);
  }
  for (let port = DEFAULT_PORT; port < DEFAULT_PORT + 100; port++) {
    if (await portIsFree(port)) {
      if (port !== DEFAULT_PORT) console.log(`stockroom: port ${DEFAULT_PORT} is taken; using ${port} instead`);
      return port;
    }
  }
  console.error(`stockroom: ports ${DEFAULT_PORT}–${DEFAULT_PORT + 99} are all taken. Set PORT to a free port.`);
  process.exit(1);
}

const port = String(await choosePort());

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
  // A stand-in Shopify store (`npm run stand-in-store`) instead of the real one.
  ...(process.env.SHOPIFY_API_ORIGIN ? ["--var", `SHOPIFY_API_ORIGIN:${process.env.SHOPIFY_API_ORIGIN}`] : []),
]);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
let exited = false;
server.on("exit", (code) => {
  exited = true;
  if (code) console.error(`stockroom: the local server stopped (exit code ${code}); see its message above.`);
  process.exit(code ?? 0);
});
// The address is printed once our server answers there, and never after it has stopped.
const url = `http://localhost:${port}`;
waitUntilAnswering(url, 120_000, () => exited).then(
  () => !exited && console.log(`\nstockroom: open ${url} — the app is ready (Ctrl-C stops it)\n`),
  (error) => !exited && console.error(`stockroom: ${error.message}`),
);
