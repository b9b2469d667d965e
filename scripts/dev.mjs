// `npm run dev`: Vite with hot reload; the Cloudflare plugin runs the Worker
// and its Durable Objects in workerd with the same local state as `npm start`.
import { BIN, migrateLocal, startTool } from "./lib.mjs";

migrateLocal(".wrangler/state");
const args = ["dev", "--port", process.env.PORT ?? "5173"];
const server = startTool(BIN.vite, args);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
