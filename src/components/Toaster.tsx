// Where toasts appear: nothing until the first one is raised, then the container, loaded with react-toastify.
import { lazy, Suspense, useSyncExternalStore } from 'react'
import { onToastsRequested, toastsRequested } from '../lib/toasts.ts'

const ToastHost = lazy(async () => ({ default: (await import('./ToastHost.tsx')).ToastHost }))

export function Toaster() {
  const requested = useSyncExternalStore(onToastsRequested, toastsRequested)
  if (!requested) return null
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  )
}
