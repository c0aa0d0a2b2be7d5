// Pull to refresh, as phones refresh a list: a finger drawn down from the top of the page, let go past PULL_PX, calls
// onPull. The browser's own pull (which reloads the page) gives way to it while it is there.
import { useEffect, useEffectEvent, useState } from 'react'

/** How far the page is drawn down before letting go refreshes (the finger goes twice as far). */
export const PULL_PX = 72

/** How far the page is drawn down now (0 when it is not). */
export function usePullToRefresh(onPull: () => void): number {
  const [pulled, setPulled] = useState(0)
  const pull = useEffectEvent(onPull)
  useEffect(() => {
    let startY: number | null = null
    let drawn = 0
    const start = (event: TouchEvent) => {
      // Only from the top of the page, and not in a dialog over it.
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"]')
      startY = window.scrollY <= 0 && event.touches.length === 1 && !inDialog ? event.touches[0]!.clientY : null
    }
    const move = (event: TouchEvent) => {
      if (startY === null) return
      drawn = Math.min(Math.max(0, event.touches[0]!.clientY - startY) / 2, PULL_PX)
      setPulled(drawn)
    }
    const end = (event: TouchEvent) => {
      if (startY !== null && drawn >= PULL_PX && event.type === 'touchend') pull()
      startY = null
      drawn = 0
      setPulled(0)
    }
    const root = document.documentElement
    const overscroll = root.style.overscrollBehaviorY
    root.style.overscrollBehaviorY = 'contain'
    window.addEventListener('touchstart', start, { passive: true })
    window.addEventListener('touchmove', move, { passive: true })
    window.addEventListener('touchend', end)
    window.addEventListener('touchcancel', end)
    return () => {
      root.style.overscrollBehaviorY = overscroll
      window.removeEventListener('touchstart', start)
      window.removeEventListener('touchmove', move)
      window.removeEventListener('touchend', end)
      window.removeEventListener('touchcancel', end)
    }
  }, [])
  return pulled
}
