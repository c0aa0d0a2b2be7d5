// Background Sync: when the page asked for it and the network is back, the browser wakes this worker to send the
// outbox even if Snaplist is closed. Same engine, same lock as the page, so the two never send at once; like the page's,
// it sends only the entries of the account the server says is signed in.
import { localDb } from '../src/offline/db.ts'
import { createSyncEngine } from '../src/offline/outbox-sender.ts'
import { BACKGROUND_SYNC_TAG } from '../src/offline/outbox-schedule.ts'
import { fetchTransport } from '../src/offline/transport.ts'

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

declare const self: ServiceWorkerGlobalScope

async function sendOutbox() {
  const outcome = await createSyncEngine({ db: localDb(), transport: fetchTransport() }).run()
  // Rejecting asks the browser to fire the event again later (with its own back-off); a 401 waits for the page.
  if (outcome.kind === 'idle' && outcome.waiting > 0)
    throw new Error(`${outcome.waiting} changes still waiting to sync`)
}

export function handleBackgroundSync() {
  self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
    const sync = event as unknown as SyncEvent
    if (sync.tag === BACKGROUND_SYNC_TAG) sync.waitUntil(sendOutbox())
  })
}
