import { useSyncExternalStore } from 'react'

const neverChanges = () => () => {}

/**
 * False while the server renders a page and while React adopts that markup in the browser, true from then on (React
 * renders again once hydration is done). For parts that only the browser can show, such as what the offline store holds:
 * left out of the first render on both sides, so the markup matches.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  )
