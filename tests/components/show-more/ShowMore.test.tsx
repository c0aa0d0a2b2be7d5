// The Dashboard's 'Show more' presses itself while the list's end is in reach, including when the end stays in view
// as a page lands (the browser then sends no new report: the stall a seller flicking to the bottom could meet).
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ShowMore } from '../../../src/components/ui/ShowMore.tsx'

/**
 * The browser's IntersectionObserver as the page sees it: a first report when an element is observed, then one each
 * time the element's reach changes (the test moves it), never while it stays where it is.
 */
class FakeIntersectionObserver {
  static live = new Set<FakeIntersectionObserver>()
  static inReach = false
  private readonly targets = new Set<Element>()
  constructor(private readonly report: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.targets.add(target)
    FakeIntersectionObserver.live.add(this)
    this.send(target)
  }
  disconnect() {
    FakeIntersectionObserver.live.delete(this)
  }
  private send(target: Element) {
    const isIntersecting = FakeIntersectionObserver.inReach
    this.report([{ target, isIntersecting } as IntersectionObserverEntry], this as never)
  }
  /** The seller scrolling the list's end into reach or out of it. */
  static move(inReach: boolean) {
    if (inReach === FakeIntersectionObserver.inReach) return
    FakeIntersectionObserver.inReach = inReach
    act(() => FakeIntersectionObserver.live.forEach((observer) => observer.targets.forEach((t) => observer.send(t))))
  }
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver))
afterEach(() => {
  FakeIntersectionObserver.live.clear()
  FakeIntersectionObserver.inReach = false
  vi.unstubAllGlobals()
})

describe('Show more', () => {
  it('asks for the next page once the end comes within reach, and not before', () => {
    const onMore = vi.fn()
    render(<ShowMore shown={24} total={200} noun="listings" onMore={onMore} />)
    expect(screen.getByText('Showing 24 of 200 listings')).toBeTruthy()
    FakeIntersectionObserver.move(false)
    expect(onMore).not.toHaveBeenCalled()
    FakeIntersectionObserver.move(true)
    expect(onMore).toHaveBeenCalledTimes(1)
  })

  it('asks again when a page lands while the end is still in reach, with no new report from the browser', () => {
    const onMore = vi.fn()
    const { rerender } = render(<ShowMore shown={24} total={200} noun="listings" onMore={onMore} />)
    FakeIntersectionObserver.move(true)
    // The next page's request is on its way: the asking function changes to one that waits.
    const waiting = vi.fn()
    rerender(<ShowMore shown={24} total={200} noun="listings" onMore={waiting} />)
    // It lands, the end is still in view (the seller is at the bottom): the next request goes out at once.
    const next = vi.fn()
    rerender(<ShowMore shown={48} total={200} noun="listings" onMore={next} />)
    expect(onMore).toHaveBeenCalledTimes(1)
    expect(next).toHaveBeenCalledTimes(1)
    expect(screen.getByText('Showing 48 of 200 listings')).toBeTruthy()
  })

  it('asks for nothing more when the page that landed pushed the end out of reach, before the browser reports it', () => {
    const onMore = vi.fn()
    const { rerender } = render(<ShowMore shown={24} total={200} noun="listings" onMore={onMore} />)
    FakeIntersectionObserver.move(true)
    rerender(<ShowMore shown={24} total={200} noun="listings" onMore={vi.fn()} />)
    // 24 rows more now stand between the screen and the end; the observer's report of it is a frame away.
    const below = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: window.innerHeight + 2800, bottom: window.innerHeight + 2900 } as DOMRect)
    const next = vi.fn()
    rerender(<ShowMore shown={48} total={200} noun="listings" onMore={next} />)
    expect(onMore).toHaveBeenCalledTimes(1)
    expect(next).not.toHaveBeenCalled()
    below.mockRestore()
  })

  it('stops asking once the end leaves reach', () => {
    const onMore = vi.fn()
    const { rerender } = render(<ShowMore shown={24} total={200} noun="listings" onMore={onMore} />)
    FakeIntersectionObserver.move(true)
    FakeIntersectionObserver.move(false)
    rerender(<ShowMore shown={48} total={200} noun="listings" onMore={onMore} />)
    expect(onMore).toHaveBeenCalledTimes(1)
  })

  it('shows nothing and asks for nothing once every row is shown', () => {
    const onMore = vi.fn()
    const { container } = render(<ShowMore shown={200} total={200} noun="listings" onMore={onMore} />)
    FakeIntersectionObserver.move(true)
    expect(container.textContent).toBe('')
    expect(onMore).not.toHaveBeenCalled()
  })
})
