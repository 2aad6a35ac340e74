/*
 * PayBills service worker (decision 0018). Caches the app shell and static files so
 * the app opens fast and installs; NEVER an API answer (balances, receipts, tokens): /api/ and
 * every non-GET request go straight to the network.
 *
 * - Hashed build files (/assets/…) and icons: cache first (a name never changes content).
 * - Pages: network first, the last copy of that page (or the offline page) when offline, so a
 *   new build shows as soon as the network answers.
 * - The cache is named after the build (BUILD is replaced by scripts/service-worker.mjs): a new
 *   build's worker drops the old caches when it activates.
 */
const BUILD = '__BUILD__';
const CACHE = `paybills-${BUILD}`;
const OFFLINE = '/offline.html';
const PRECACHE = [OFFLINE, '/manifest.webmanifest', '/icons/icon-192.png'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k.startsWith('paybills-') && k !== CACHE).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Never cached: the API (money), the dev mailbox, the sandbox checkout, the worker itself. */
function passThrough(url) {
  return (
    url.origin !== self.location.origin ||
    url.pathname === '/api' ||
    url.pathname.startsWith('/api/') ||
    url.pathname.startsWith('/dev/') ||
    url.pathname.startsWith('/sandbox') ||
    url.pathname === '/sw.js'
  );
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (passThrough(url)) return;

  if (request.mode === 'navigate') {
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone();
            void caches.open(CACHE).then((cache) => cache.put(url.pathname, copy));
          }
          return response;
        })
        .catch(() =>
          caches
            .match(url.pathname, { cacheName: CACHE })
            .then((hit) => hit ?? caches.match(OFFLINE, { cacheName: CACHE })),
        ),
    );
    return;
  }

  if (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/icons/')) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
