// Stockroom's service worker: the app shell works with no line to the server,
// so a room opened before opens again offline (its documents and waiting
// edits come from IndexedDB, app/live/doc-cache.ts and call-journal.ts).
// - Pages (navigations): the network first, so a deployment shows at once;
//   the last page shell when the network fails. Every page is the same shell
//   (the SPA), kept under "/".
// - Built assets (/assets/*, hashed names that never change): the cache
//   first, filled as they are fetched and at install from the shell's own tags.
// - Nothing else: /api/* (data, files, sign-in) always goes to the server.
const CACHE = "stockroom-shell-v1";
const SHELL = "/";

async function cacheShell() {
  const cache = await caches.open(CACHE);
  const response = await fetch(SHELL, { cache: "no-cache" });
  if (!response.ok) return;
  await cache.put(SHELL, response.clone());
  const html = await response.text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  await cache.addAll([...new Set(assets)]);
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
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok && response.headers.get("content-type")?.includes("text/html")) {
            const copy = response.clone();
            event.waitUntil(caches.open(CACHE).then((cache) => cache.put(SHELL, copy)));
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
