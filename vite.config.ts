import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes `/asset-list.json`: every file of the client build under /assets.
 * The service worker (public/sw.js) keeps them all when it installs, so a
 * page that loads a part of the app later (a room, its tabs) still finds it
 * with no line to the server — even on a first visit, or the first after a
 * deployment.
 */
function assetList(): Plugin {
  return {
    name: "stockroom-asset-list",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((file) => file.startsWith("assets/"))
        .sort()
        .map((file) => `/${file}`);
      this.emitFile({ type: "asset", fileName: "asset-list.json", source: `${JSON.stringify(files)}\n` });
    },
  };
}

// The Cloudflare plugin builds the Worker (worker/index.ts, from wrangler.toml)
// and the React app (index.html → app/main.tsx) together, and runs the Worker
// in workerd during `vite dev`.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    assetList(),
    // `vite dev` is local: e-mail goes to the development outbox, and signed
    // links and store secrets use fixed development keys. Builds (and so
    // deployments) never get these.
    cloudflare(
      command === "serve"
        ? {
            config: {
              vars: {
                STOCKROOM_DEV_OUTBOX: "1",
                FILE_LINK_SECRET: "dev-only-file-link-secret-not-for-deployments",
                STORE_SECRET_KEY: "dev-only-store-secret-key-not-for-deployments",
              },
            },
          }
        : {},
    ),
  ],
  // Source maps for the Worker only. Everything in dist/client is uploaded as
  // a public static asset, so a client map there would publish our source;
  // the client build makes none (rather than hidden maps kept out by an
  // `.assetsignore`, which every way of serving dist/client would have to
  // honour). The Worker's map in dist/stockroom is not an asset: the
  // Cloudflare plugin sets `upload_source_maps` from it, for readable stack
  // traces in Workers logs.
  build: { sourcemap: true },
  environments: { client: { build: { sourcemap: false } } },
}));
