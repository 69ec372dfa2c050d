// The offline verifier's service worker (docs/architecture.md §20): keeps its page and script so that they open with
// the network cut. Network first, so a reviewer online always gets the current page; the saved copy otherwise.
const CACHE = "offline-verifier-page-v1";
const PAGE = ["/verify/offline", "/verify/offline-verifier.js"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PAGE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !PAGE.includes(url.pathname)) return;
  event.respondWith(
    fetch(event.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
        }
        return response;
      })
      .catch(() => caches.match(url.pathname, { ignoreVary: true })),
  );
});
