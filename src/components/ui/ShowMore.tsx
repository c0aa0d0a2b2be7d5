// The end of a list shown a page at a time: how many are shown, and a 'Show more' button that presses itself as it
// scrolls into reach, so scrolling never stops at a page's end. Keyboard and screen-reader users press it themselves.
import { useEffect, useRef } from 'react'
import { Button } from './Button.tsx'

// Ahead of the screen's edge, so the next page is there before the seller reaches the end.
const REACH = '800px 0px'

export function ShowMore({
  shown,
  total,
  noun,
  onMore,
}: {
  shown: number
  total: number
  noun: string
  onMore: () => void
}) {
  const end = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!end.current) return
    // Observed afresh after each page: a button still in reach after one page must bring the next one too.
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onMore(), {
      rootMargin: REACH,
    })
    observer.observe(end.current)
    return () => observer.disconnect()
  }, [shown, onMore])

  if (shown >= total) return null
  return (
    <div ref={end} className="mt-4 flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600" aria-live="polite">
        Showing {shown} of {total} {noun}
      </p>
      <Button variant="secondary" onClick={onMore}>
        Show more {noun}
      </Button>
    </div>
  )
}
