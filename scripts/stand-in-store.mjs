// `npm run stand-in-store`: a stand-in Shopify store on this machine, to try
// the Store tab without a real shop (tests/support/stand-in-store.ts: the
// fake the tests use, seeded). It prints how to start the app against it and
// what to type into the Store tab. Port: STAND_IN_STORE_PORT, else the first
// free one from 8790.
import { mkdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { portIsFree } from "./lib.mjs";

const bundle = "node_modules/.cache/stand-in-store.mjs";

async function choosePort() {
  if (process.env.STAND_IN_STORE_PORT) return Number(process.env.STAND_IN_STORE_PORT);
  for (let port = 8790; port < 8890; port++) if (await portIsFree(port)) return port;
  return 0;
}

mkdirSync("node_modules/.cache", { recursive: true });
await build({
  entryPoints: ["tests/support/stand-in-store.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  outfile: bundle,
  logLevel: "warning",
});
const { runStandInStore, STAND_IN_SHOP } = await import(pathToFileURL(bundle).href);
let store;
try {
  store = await runStandInStore(await choosePort());
} catch (error) {
  console.error(`stockroom: the stand-in store could not start: ${error.message}`);
  console.error("stockroom: set STAND_IN_STORE_PORT to a free port and try again.");
  process.exit(1);
}
console.log(`stockroom: stand-in Shopify store "${STAND_IN_SHOP.shopName}" at ${store.origin}

In another terminal, start the app against it:

  SHOPIFY_API_ORIGIN=${store.origin} npm start

then in a room's Store tab connect with:

  Store domain   ${STAND_IN_SHOP.shop}
  Client ID      ${STAND_IN_SHOP.clientId}
  Client secret  ${STAND_IN_SHOP.clientSecret}

It has 3 products, 40 orders and their customers; what you publish appears in it.
Everything lives in memory: stopping it (Ctrl-C) forgets it.`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => void store.close().then(() => process.exit(0)));
}
