// A marketplace's import card works only with the server: its code loads after the Dashboard's first screen and is not
// kept for offline use (vite.config.ts, ONLINE_ONLY); offline it says it shows once online.
import type { ComponentType } from 'react'
import { deferred } from '../lib/deferred.tsx'

export function importWhenOnline(name: string, load: () => Promise<ComponentType>): ComponentType {
  function NeedsConnection() {
    return <p className="mt-3 text-sm text-slate-600">Import from {name} shows once you are online.</p>
  }
  return deferred(() =>
    load().then(
      (card) => card,
      () => NeedsConnection,
    ),
  )
}
