// Stockroom's service worker: the app shell works with no line to the server,
// so a room opened before opens again offline (its documents and waiting
// edits come from IndexedDB, app/live/doc-cache.ts and call-journal.ts).
// - Pages (navigations): the network first, so a deployment shows at once;
//   the last page shell when the network fails. Every page is the same shell
//   (the SPA), kept under "/".
// - Built assets (/assets/*, hashed names that never change): the cache
//   first. At install it keeps every one the build listed (/asset-list.json,
//   vite.config.ts), not only the shell's own tags: a part of the app loaded
//   later (a room and its tabs) opens with no line too — on a first visit,
//   and on the first after a deployment. A new build's shell keeps its assets
//   and drops those of builds older than the one before it (a tab still open
//   on that one keeps working).
// - Nothing else: /api/* (data, sign-in) and /cdn/* (uploaded files) always
//   go to the server.
const CACHE = "stockroom-shell-v1";
const SHELL = "/";

const ASSET_LIST = "/asset-list.json";

const parseList = (response) => response.json().catch(() => null);
const assetPaths = (files) => files.filter((file) => typeof file === "string" && file.startsWith("/assets/"));

/** Every asset of this build, and the list to keep: the build's list, else (an older build) the shell's own tags. */
async function buildAssets(html) {
  const listed = await fetch(ASSET_LIST, { cache: "no-cache" }).catch(() => null);
  // A build from before the list answers with the page shell (not JSON): then the shell's own tags.
  const files = listed?.ok ? await parseList(listed.clone()) : null;
  if (Array.isArray(files)) return { assets: assetPaths(files), list: listed };
  return { assets: [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]), list: null };
}

async function cacheShell() {
  const response = await fetch(SHELL, { cache: "no-cache" });
  if (response.ok) await keepShell(response);
}

/**
 * Keeps this page shell and every asset of its build. Also run for each page
 * loaded from the network: after a deployment the new shell names new
 * assets, and this worker (the same file, so not installed again) must keep
 * them before the line goes. The same shell as kept (the same build) costs
 * one comparison and nothing more.
 */
async function keepShell(response) {
  const cache = await caches.open(CACHE);
  const html = await response.clone().text();
  const kept = await cache.match(SHELL);
  if (kept && (await kept.text()) === html) return;
  const { assets, list } = await buildAssets(html);
  const wanted = [...new Set(assets)];
  // Those already kept (same names, same bytes) are not fetched again.
  const missing = [];
  for (const file of wanted) if (!(await cache.match(file))) missing.push(file);
  await cache.addAll(missing);
  await dropOlderBuilds(cache, wanted);
  // The list and the shell last, together, once everything they name is kept.
  if (list) await cache.put(ASSET_LIST, list);
  await cache.put(SHELL, response);
}

/** Drops assets in neither this build nor the one kept before it. */
async function dropOlderBuilds(cache, current) {
  const previous = await cache.match(ASSET_LIST);
  const files = previous ? await parseList(previous) : null;
  const keep = new Set([...current, ...(Array.isArray(files) ? assetPaths(files) : [])]);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith("/assets/") && !keep.has(path)) await cache.delete(request);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // The server's own: data and sign-in (/api/), and files people uploaded (/cdn/), which are never the app's shell.
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/cdn/")) {
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          const isShell =
            response.ok &&
            response.headers.get("content-type")?.includes("text/html") &&
            !response.headers.get("content-disposition");
          if (isShell) {
            event.waitUntil(keepShell(response.clone()).catch(() => {}));
          }
          return response;
        })
        .catch(async () => (await caches.match(SHELL)) ?? Response.error()),
    );
    return;
  }
  if (url.pathname.startsWith("/assets/")) {
    event.respondWith(
      caches.match(request).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              event.waitUntil(caches.open(CACHE).then((cache) => cache.put(request, copy)));
            }
            return response;
          }),
      ),
    );
  }
});
