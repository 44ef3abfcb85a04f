/* global self, caches */
// The counter's service worker (docs/decisions/0045-counter-screen.md), scope /gestione/. It keeps the counter's
// own shell, the page and the scripts and styles it ran with, so that the counter opens without a connection
// and says it is offline. It never keeps an API answer: only this origin's pages under /gestione/ and the
// slices' files (/mf/…, the shell's hashed files, a remote's mf-manifest.json) are stored.
const CACHE = 'edicola-cassa-v1';
const START = '/gestione/cassa';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(START, { credentials: 'same-origin' })))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** A file of the shop's front end: a script, a style, a font, an image or a federation manifest. */
const SHELL_FILE = /\.(js|mjs|css|woff2?|svg|png|webp|wasm)$|\/mf-manifest\.json$/;

function isShellFile(url) {
  if (!SHELL_FILE.test(url.pathname)) return false;
  // This origin's files, or a remote's (they live under /mf/ wherever the remotes are served from).
  return url.origin === self.location.origin || url.pathname.includes('/mf/');
}

/**
 * The network first (a new release shows at once), the stored copy when there is no network. `keepAs`: the key the
 * answer is stored under (none: not stored); `fallback`: what is served offline when this request was never stored.
 */
async function networkFirst(request, { keepAs = request, fallback } = {}) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (keepAs && response.ok) await cache.put(keepAs, response.clone());
    return response;
  } catch (error) {
    const stored = (await cache.match(request)) ?? (fallback ? await cache.match(fallback) : undefined);
    if (stored) return stored;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (request.mode === 'navigate') {
    // Any back-office page opened offline falls back to the counter's page: its router shows the address asked.
    if (url.origin === self.location.origin && url.pathname.startsWith('/gestione/'))
      event.respondWith(
        networkFirst(request, { keepAs: url.pathname === START ? START : null, fallback: START }),
      );
    return;
  }
  if (isShellFile(url)) event.respondWith(networkFirst(request));
});
