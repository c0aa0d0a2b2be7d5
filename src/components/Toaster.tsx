// Where toasts appear: nothing until the first one is raised, then the container, loaded with react-toastify.
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToastsRequested, toastsRequested } from '../lib/toasts.ts'

const ToastHost = lazy(async () => ({ default: (await import('./ToastHost.tsx')).ToastHost }))

export function Toaster() {
  // Nothing is requested on the server (the prerendered pages, docs/decisions/0014).
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested, () => false)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  )
}
