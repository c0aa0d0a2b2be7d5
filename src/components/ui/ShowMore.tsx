// The end of a list shown a page at a time: how many are shown, and a 'Show more' button that presses itself while it
// is in reach, so scrolling never stops at a page's end. Keyboard and screen-reader users press it themselves.
import { useEffect, useState } from 'react'
import { Button } from './Button.tsx'

// Ahead of the screen's edge, so the next page is there before the seller reaches the end.
const REACH_PX = 800

/** Whether the element is within REACH_PX of the screen now, read from the layout rather than a report. */
function inReachNow(element: HTMLElement) {
  const { top, bottom } = element.getBoundingClientRect()
  return top < window.innerHeight + REACH_PX && bottom > -REACH_PX
}

/** Whether the element is within REACH of the screen, as the browser last reported it. */
function useInReach(element: HTMLElement | null) {
  const [inReach, setInReach] = useState(false)
  useEffect(() => {
    if (!element) return
    const observer = new IntersectionObserver((entries) => setInReach(entries.at(-1)!.isIntersecting), {
      rootMargin: `${REACH_PX}px 0px`,
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      setInReach(false)
    }
  }, [element])
  return inReach
}

export function ShowMore({
  shown,
  total,
  noun,
  onMore,
}: {
  shown: number
  total: number
  noun: string
  /** Asks for the next page; does nothing while one is on its way. A new function each time that may change. */
  onMore: () => void
}) {
  const [end, setEnd] = useState<HTMLDivElement | null>(null)
  const inReach = useInReach(end)
  // Asked again whenever a page lands or the asking function changes (a page finished, failed or was cancelled) while
  // the end is still in reach: the end staying in view sends the browser no new report, so none is waited for. Whether
  // it still is, is measured then: the browser reports the end's move a frame after a page lands, so the last report
  // can be stale, and acting on it loaded one page more than the seller scrolled to (seen on a busy phone).
  useEffect(() => {
    if (inReach && end && inReachNow(end)) onMore()
  }, [inReach, shown, onMore, end])

  if (shown >= total) return null
  return (
    <div ref={setEnd} className="mt-4 flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {shown} of {total} {noun}
      </p>
      <Button variant="secondary" onClick={onMore}>
        Show more {noun}
      </Button>
    </div>
  )
}
