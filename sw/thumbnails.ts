// Listing thumbnails for the Dashboard, kept for offline use: served from the cache at once and refreshed in the
// background, at most 300 of them for at most 30 days, until the session ends (src/offline/thumbnail-cache.ts).
// Nothing else from the API is cached here.
import { ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { StaleWhileRevalidate } from 'workbox-strategies'
import { isThumbnail } from '../api/contract/photos.ts'
import { THUMBNAIL_CACHE } from '../src/offline/thumbnail-cache.ts'

export function cacheThumbnails() {
  registerRoute(
    ({ url, request }) => request.destination === 'image' && isThumbnail(url.pathname),
    new StaleWhileRevalidate({
      cacheName: THUMBNAIL_CACHE,
      plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
    }),
  )
}
