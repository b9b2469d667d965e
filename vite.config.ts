import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The Cloudflare plugin builds the Worker (worker/index.ts, from wrangler.toml)
// and the React app (index.html → app/main.tsx) together, and runs the Worker
// in workerd during `vite dev`.
export default defineConfig(({ command }) => ({
  plugins: [
    react(),
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
  build: { sourcemap: true },
}));
