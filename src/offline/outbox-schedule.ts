// Decides when the outbox's sender (outbox-sender.ts) runs: on every kick (start, network back, page shown again, each local change) and
// on a timer while entries wait. When the page cannot finish (offline, or it is closed), it asks for Background
// Sync, so the service worker finishes where the browser supports it. No DOM here: src/lib/outbox.ts wires events.
import type { SyncEngine } from './outbox-sender.ts'

export type SyncStatus = 'idle' | 'syncing' | 'offline' | 'signed-out'

export const BACKGROUND_SYNC_TAG = 'snaplist-outbox'
// A busy lock means another tab or the service worker is sending; look again soon rather than wait for an event.
const BUSY_RECHECK_MS = 3_000
const MAX_TIMER_MS = 60_000

export interface SchedulerOptions {
  engine: SyncEngine
  isOnline?: () => boolean
  requestBackgroundSync?: () => void
}

export function createSyncScheduler({
  engine,
  isOnline = () => navigator.onLine,
  requestBackgroundSync = () => {},
}: SchedulerOptions) {
  let status: SyncStatus = 'idle'
  let running: Promise<void> | undefined
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()

  const setStatus = (next: SyncStatus) => {
    if (next === status) return
    status = next
    listeners.forEach((listener) => listener())
  }

  const later = (ms: number) => {
    clearTimeout(timer)
    timer = setTimeout(kick, Math.max(0, Math.min(ms, MAX_TIMER_MS)))
  }

  async function runOnce() {
    if (!isOnline()) {
      setStatus('offline')
      requestBackgroundSync()
      return
    }
    setStatus('syncing')
    const outcome = await engine.run()
    if (outcome.kind === 'auth-required') return setStatus('signed-out')
    if (outcome.kind === 'busy') return later(BUSY_RECHECK_MS)
    setStatus('idle')
    if (outcome.nextAttemptAt !== undefined) later(outcome.nextAttemptAt - Date.now())
    if (outcome.waiting) requestBackgroundSync()
  }

  /** Runs now; a kick while a run is going makes one more run afterwards, never two at once. */
  function kick() {
    if (running) {
      again = true
      return
    }
    running = runOnce()
      .catch((error: unknown) => console.error('Sync stopped unexpectedly; it will try again.', error))
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          kick()
        }
      })
  }

  return {
    kick,
    wentOffline: () => setStatus('offline'),
    status: () => status,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
