// The end of a list shown a page at a time: how many are shown, and a 'Show more' button that presses itself while it
// is in reach, so scrolling never stops at a page's end. Keyboard and screen-reader users press it themselves.
import { useEffect, useState } from 'react'
import { Button } from './Button.tsx'

// Ahead of the screen's edge, so the next page is there before the seller reaches the end.
const REACH = '800px 0px'

/** Whether the element is within REACH of the screen, as the browser last reported it. */
function useInReach(element: HTMLElement | null) {
  const [inReach, setInReach] = useState(false)
  useEffect(() => {
    if (!element) return
    const observer = new IntersectionObserver((entries) => setInReach(entries.at(-1)!.isIntersecting), {
      rootMargin: REACH,
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
  // the end is still in reach: the end staying in view sends the browser no new report, so none is waited for.
  useEffect(() => {
    if (inReach) onMore()
  }, [inReach, shown, onMore])

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
