// Service worker: the app shell and the pages already seen stay usable without a connection.
// Entries typed offline are kept by offline.js (IndexedDB), not here: posts are never cached.
//
// What is kept, and for how long:
// - the shell (offline page, styles, scripts, icon) and read-only pages (/v/...), the blank-sheet
//   and new-game forms: as long as the app is installed, refreshed on every visit online;
// - pages that carry an edit link: only for the visit, since whoever holds the phone later could
//   take the game from them. The server says which they are, whatever their address (a game's or
//   group's edit pages, a kept paper check, the start and new-game pages listing the games opened
//   here): it sends them no-store with a Barbu-Private header. They are kept so that a table whose Wi-Fi drops can still reopen the sheet and the
//   entry forms it just used, and dropped EDIT_HOURS after they were fetched (longer than a game
//   lasts), whenever the worker starts or a page is opened. No-store keeps the browser's own
//   HTTP cache from ever keeping them.
// (v5: earlier versions filed /new and /check/<token> in the long-lived cache; activating drops it.)
const CACHE = "barbu-v5";
const EDIT_CACHE = "barbu-edit-v1";
const EDIT_HOURS = 6;
const FETCHED = "x-barbu-fetched";
// The server puts the shell's versioned addresses (?v=...) in VERSIONED before this file, so that
// the copies kept are the very ones pages ask for.
/* global VERSIONED */
const SHELL = ["/offline", ...(typeof VERSIONED !== "undefined" ? VERSIONED : [])];

// Read from the answer, not guessed from the address.
const carriesEditLink = (response) => response.headers.has("Barbu-Private");

async function dropStaleEditPages() {
  const cache = await caches.open(EDIT_CACHE);
  const oldest = Date.now() - EDIT_HOURS * 3600 * 1000;
  for (const request of await cache.keys()) {
    const hit = await cache.match(request);
    if (!hit || Number(hit.headers.get(FETCHED) || 0) < oldest) await cache.delete(request);
  }
}

async function keepEditPage(request, response) {
  // The time it was fetched travels with the copy, so that it can be dropped when too old.
  const headers = new Headers(response.headers);
  headers.set(FETCHED, String(Date.now()));
  const copy = new Response(await response.blob(), { status: response.status, headers });
  await (await caches.open(CACHE)).delete(request);
  await (await caches.open(EDIT_CACHE)).put(request, copy);
}

async function keepPage(request, response) {
  await (await caches.open(EDIT_CACHE)).delete(request);
  await (await caches.open(CACHE)).put(request, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      // Earlier versions kept edit pages for good: every cache but these two goes.
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE && k !== EDIT_CACHE).map((k) => caches.delete(k))))
      .then(dropStaleEditPages)
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
          const html = (response.headers.get("Content-Type") || "").startsWith("text/html");
          if (response.ok && html) {
            const copy = response.clone();
            event.waitUntil(carriesEditLink(response) ? keepEditPage(request, copy) : keepPage(request, copy));
          }
          return response;
        })
        .catch(async () => {
          await dropStaleEditPages();
          const hit = await caches.match(request);
          return hit || caches.match("/offline");
        }),
    );
    event.waitUntil(dropStaleEditPages());
  } else if (url.pathname.startsWith("/static/")) {
    // Pages name static files with a version (?v=...): that exact copy when cached, else the
    // network; offline, any cached version of the file rather than nothing.
    event.respondWith(
      caches.open(CACHE).then((cache) => cache.match(request).then((hit) => {
        if (hit) return hit;
        return fetch(request)
          .then((response) => {
            if (response.ok) cache.put(request, response.clone());
            return response;
          })
          .catch(() => cache.match(request, { ignoreSearch: true }).then((old) => old || Response.error()));
      })),
    );
  }
});
