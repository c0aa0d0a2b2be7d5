// Only one runner sends the outbox at a time on this origin: every tab and the service worker share one lock.

export const SYNC_LOCK = 'snaplist-sync'

/** The Web Locks API where there is one (browsers, service workers); a process-wide flag otherwise (tests). */
export function defaultLock(): (fn: () => Promise<void>) => Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.locks) {
    return async (fn) => {
      let ran = false
      await navigator.locks.request(SYNC_LOCK, { ifAvailable: true }, async (lock) => {
        if (!lock) return
        ran = true
        await fn()
      })
      return ran
    }
  }
  let held = false
  return async (fn) => {
    if (held) return false
    held = true
    try {
      await fn()
      return true
    } finally {
      held = false
    }
  }
}
