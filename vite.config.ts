import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The Cloudflare plugin builds the Worker (worker/index.ts, from wrangler.toml)
// and the React app (index.html → app/main.tsx) together, and runs the Worker
// in workerd during `vite dev`.
export default defineConfig({
  plugins: [react(), cloudflare()],
  build: { sourcemap: true },
});
