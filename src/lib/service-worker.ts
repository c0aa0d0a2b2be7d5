// Registers the service worker (production builds only: the dev server has no precache manifest).
import { Workbox } from 'workbox-window'

export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined
  const workbox = new Workbox('/sw.js', { scope: '/' })
  void workbox.register()
  return workbox
}
