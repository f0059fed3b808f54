/* Larder's service worker. Template: the build fills in the build id and the precache list. */
/* global self, caches, __BUILD_ID__, __PRECACHE__ */
const buildId = __BUILD_ID__
const precacheUrls = __PRECACHE__
const cacheName = `larder-shell-${buildId}`

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(precacheUrls))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('larder-shell-') && name !== cacheName)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  )
})

/** The API and the update-check files always go to the network and are never stored. */
function isNetworkOnly(url) {
  return url.pathname.startsWith('/api/') || url.pathname === '/build-manifest.json' || url.pathname === '/sw.js'
}

self.addEventListener('fetch', (event) => {
  const request = event.request
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin || isNetworkOnly(url)) return

  if (request.mode === 'navigate') {
    // Network first, so a new deployment's index.html (and its runtime config) wins; the cached shell is the
    // offline fallback only.
    event.respondWith(
      fetch(request)
        .then((response) => {
          if (response.ok) {
            const copy = response.clone()
            caches.open(cacheName).then((cache) => cache.put('/index.html', copy))
          }
          return response
        })
        .catch(() => caches.match('/index.html').then((cached) => cached || Response.error())),
    )
    return
  }

  // Hashed assets never change under the same name: cache first, then network (and keep what came).
  event.respondWith(
    caches.match(request).then(
      (cached) =>
        cached ||
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith('/assets/')) {
            const copy = response.clone()
            caches.open(cacheName).then((cache) => cache.put(request, copy))
          }
          return response
        }),
    ),
  )
})
