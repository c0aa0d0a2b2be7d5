// Registers the service worker (production builds only: the dev server has no precache manifest) and, when a new
// version is waiting, offers 'New version available — Reload'; the new worker takes over only when the seller agrees.
import { Workbox } from 'workbox-window'
import { withToasts } from './toasts.ts'

function offerReload(workbox: Workbox) {
  const reload = () => {
    workbox.addEventListener('controlling', () => window.location.reload())
    workbox.messageSkipWaiting()
  }
  withToasts(({ toast }) =>
    toast.info(
      <div className="flex items-center justify-between gap-3">
        <span>New version available</span>
        <button
          type="button"
          onClick={reload}
          className="rounded-md bg-indigo-700 px-3 py-1.5 text-sm font-semibold text-white"
        >
          Reload
        </button>
      </div>,
      { autoClose: false, closeOnClick: false, toastId: 'new-version' },
    ),
  )
}

export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined
  const workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => offerReload(workbox))
  void workbox.register()
  return workbox
}
