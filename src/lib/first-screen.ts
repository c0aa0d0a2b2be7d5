// The moment the first screen is complete: its route rendered, its data in, and a frame painted. Work that screen does
// not need (the offline store and sync engine, the service worker, toasts) waits for it, so on a slow phone network it
// never competes with what the seller opened the app to see.
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'

// A request that hangs (a network that lies about being up) must not hold back offline work for good.
const LONGEST_WAIT_MS = 4_000
const QUIET_PAINTS = 3

let settle: () => void = () => {}
const settled = new Promise<void>((resolve) => (settle = resolve))

/** Resolves once the first screen is complete (at the latest a few seconds after start). */
export const afterFirstScreen = () => settled

let screenShown = false
/**
 * Called by each screen once React has it on the page (src/router.tsx). A screen adopted from the server's markup is
 * adopted in slices after the frame around it, and its queries start only then (docs/decisions/0019): until it says so,
 * a quiet network does not mean the screen is complete.
 */
export function markScreenShown() {
  screenShown = true
}

const afterPaint = (run: () => void) => requestAnimationFrame(() => setTimeout(run))
// Safari has no requestIdleCallback; a short timeout is its stand-in.
const whenIdle = (run: () => void) =>
  typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1_000 }) : setTimeout(run, 50)

export function watchFirstScreen(router: AnyRouter, queryClient: QueryClient) {
  setTimeout(settle, LONGEST_WAIT_MS)
  const quiet = () =>
    screenShown &&
    router.state.resolvedLocation !== undefined &&
    router.state.status === 'idle' &&
    queryClient.isFetching() === 0
  // Checked after each paint, and it must hold for a few in a row: the screen's queries start in effects after its
  // first render, and the data of a query that just finished reaches the screen a task or two later. Then the
  // browser's next idle moment, so the screen has been painted with it.
  let quietPaints = 0
  const check = () => {
    quietPaints = quiet() ? quietPaints + 1 : 0
    if (quietPaints === QUIET_PAINTS) return void whenIdle(settle)
    afterPaint(check)
  }
  afterPaint(check)
}
