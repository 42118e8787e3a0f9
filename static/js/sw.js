// Service worker: the app shell and the pages already seen stay usable without a connection.
// Entries typed offline are kept by offline.js (IndexedDB), not here: posts are never cached.
const CACHE = "barbu-v1";
const SHELL = ["/", "/offline", "/static/css/app.css", "/static/css/print.css", "/static/js/offline.js",
  "/static/js/deal.js", "/static/js/live.js", "/static/js/new-game.js", "/static/icon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/live") || request.cache === "no-store") return;
  if (request.mode === "navigate") {
    // Network first, so the sheet is never stale while online; the last copy when offline.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            caches.open(CACHE).then((cache) => cache.put(request, copy));
          }
          return response;
        })
        .catch(() => caches.match(request).then((hit) => hit || caches.match("/offline"))),
    );
  } else if (url.pathname.startsWith("/static/")) {
    // Cached copy at once, refreshed behind it.
    event.respondWith(
      caches.open(CACHE).then((cache) => cache.match(request).then((hit) => {
        const fresh = fetch(request).then((response) => {
          if (response.ok) cache.put(request, response.clone());
          return response;
        });
        return hit || fresh;
      })),
    );
  }
});
