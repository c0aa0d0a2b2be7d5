// The page's one sync engine and scheduler, and the calls the screens make into the offline store.
import { localDb } from '../offline/db.ts'
import { createDraftStore } from '../offline/drafts.ts'
import { createSyncEngine } from '../offline/sync-engine.ts'
import { BACKGROUND_SYNC_TAG, createSyncScheduler } from '../offline/sync-scheduler.ts'
import { fetchTransport } from '../offline/transport.ts'

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> }
}

function requestBackgroundSync() {
  if (!('serviceWorker' in navigator)) return
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(BACKGROUND_SYNC_TAG))
    .catch(() => {
      // Browsers without Background Sync (or with it off) sync when the app is next open; nothing is lost.
    })
}

export const drafts = createDraftStore(localDb())
export const syncEngine = createSyncEngine({ db: localDb(), transport: fetchTransport() })
export const syncScheduler = createSyncScheduler({ engine: syncEngine, requestBackgroundSync })

let persistAsked = false
/** Asks the browser not to evict drafts under storage pressure; asked once, when the first draft is saved. */
export function keepDraftsSafe() {
  if (persistAsked || !navigator.storage?.persist) return
  persistAsked = true
  void navigator.storage.persisted().then((already) => already || navigator.storage.persist())
}

let listening = false
/**
 * Syncs now, and from then on when the network returns and when the page is shown again. `onSignedOut` hears when the
 * server stopped accepting the session mid-sync (it expired, or the seller signed out elsewhere).
 */
export function startSync(onSignedOut: () => void) {
  if (!listening) {
    listening = true
    window.addEventListener('online', syncScheduler.kick)
    window.addEventListener('offline', syncScheduler.wentOffline)
    document.addEventListener('visibilitychange', () => document.visibilityState === 'visible' && syncScheduler.kick())
    syncScheduler.subscribe(() => syncScheduler.status() === 'signed-out' && onSignedOut())
  }
  syncScheduler.kick()
}
