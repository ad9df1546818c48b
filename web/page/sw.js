/* The service worker that keeps the playground usable offline: every
 * file is fetched from the network when it can be (so a rebuilt page is
 * seen at once) and a copy is kept; without a network the copy answers. */
'use strict';

const CACHE = 'einsat-playground';
const FILES = ['./', 'index.html', 'style.css', 'app.js', 'worker.js', 'einsat.js', 'einsat.wasm',
  'einsat-check.js', 'einsat-check.wasm', 'examples/einstein.txt', 'examples/zebra.txt',
  'examples/pets.txt', 'examples/gchq2015.non'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  if (event.request.method !== 'GET') return;
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) {
      const copy = response.clone();
      caches.open(CACHE).then((cache) => cache.put(event.request, copy));
    }
    return response;
  }).catch(() => caches.match(event.request, { ignoreSearch: true })));
});
