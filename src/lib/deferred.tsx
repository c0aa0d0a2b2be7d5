// Parts of a screen that can appear a moment after it, whose code (and libraries) load once the first screen is
// complete instead of with it. They are never in a page's server-rendered markup (useHydrated).
import { lazy, Suspense, type ComponentType } from 'react'
import { useHydrated } from '../hooks/useHydrated.ts'
import { afterFirstScreen } from './first-screen.ts'

export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Part = lazy(async () => {
    await afterFirstScreen()
    return { default: await load() }
  })
  return function Deferred(props: Props) {
    if (!useHydrated()) return null
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    )
  }
}
