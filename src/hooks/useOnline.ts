import { useSyncExternalStore } from 'react'

// One pair of window listeners, however many parts of the screens ask: each part's subscription is made while React
// adopts the page, where every millisecond on a phone's main thread counts (docs/decisions/0020).
const listeners = new Set<() => void>()
const notify = () => {
  for (const listener of listeners) listener()
}

const subscribe = (onChange: () => void) => {
  if (listeners.size === 0) {
    window.addEventListener('online', notify)
    window.addEventListener('offline', notify)
  }
  listeners.add(onChange)
  return () => {
    listeners.delete(onChange)
    if (listeners.size > 0) return
    window.removeEventListener('online', notify)
    window.removeEventListener('offline', notify)
  }
}

// A page rendered on the server came over the network: online, until the browser says otherwise.
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  )
