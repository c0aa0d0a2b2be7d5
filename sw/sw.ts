// The service worker: wiring only. Precaches the app shell so Snaplist opens with no network, answers every
// navigation with a cached page (a prerendered public screen, else index.html: the client router shows the screen),
// keeps thumbnails for offline use, sends the outbox on Background Sync, turns shared photos into drafts and shows sale
// notifications. API data is never served from here.
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { handleBackgroundSync } from './background-sync.ts'
import { showPushNotifications } from './push.ts'
import { receiveSharedPhotos } from './share-target.ts'
import { cacheThumbnails } from './thumbnails.ts'

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// First: the share target answers a POST that no other route should see.
receiveSharedPhotos()
precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
// A public screen opens from its prerendered page (/auth → auth.html, docs/decisions/0014), any other from index.html.
const pageFor = async ({ url }: { url: URL }) =>
  (await matchPrecache(`${url.pathname}.html`)) ?? (await matchPrecache('/index.html'))!
registerRoute(new NavigationRoute(pageFor, { denylist: [/^\/api\//, /^\/files\//, /^\/share-target/] }))
cacheThumbnails()
handleBackgroundSync()
showPushNotifications()

// The first worker takes control at once; a later version waits until the seller agrees to reload.
clientsClaim()
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
