// The app recovers when its live events stream is bounded (issue 46 G4): told it is too far behind for a catch-up, it
// reads what it shows again and goes on from the position it was given; replaced by a newer stream of the same session
// or seller, it does not reconnect by itself (that would replace the other in turn), but when the page is looked at.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EVENTS_BEHIND, EVENTS_READY, EVENTS_REPLACED } from '../../../api/contract/events.ts'
import { useLiveEvents } from '../../../src/hooks/useLiveEvents.ts'
import { listingKeys } from '../../../src/queries/listing-queries.ts'
import { marketplaceKeys } from '../../../src/queries/marketplace-queries.ts'
import { currentUserQuery } from '../../../src/queries/session-queries.ts'

/** The browser's EventSource, as far as the page uses it: each one opened, its listeners, and a way to send it events. */
class FakeEventSource {
  static readonly OPEN = 1
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = FakeEventSource.OPEN
  onmessage: ((message: MessageEvent) => void) | null = null
  onerror: (() => void) | null = null
  private readonly listeners = new Map<string, ((message: MessageEvent) => void)[]>()
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  addEventListener(name: string, listener: (message: MessageEvent) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
  /** The server sends an event of this name (or a change, without one). */
  send(name: string | undefined, data = '', lastEventId = '') {
    const message = new MessageEvent(name ?? 'message', { data, lastEventId })
    if (name === undefined) this.onmessage?.(message)
    else for (const listener of this.listeners.get(name) ?? []) listener(message)
  }
}

const latest = () => FakeEventSource.opened.at(-1)!

function Stream(): ReactNode {
  useLiveEvents()
  return null
}

// A list on screen (the Dashboard's search) and the marketplaces' statuses, as the changes would have updated them.
const SEARCH_KEY = [...listingKeys.all, 'search', { q: '' }]

function signedIn() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  queryClient.setQueryData(currentUserQuery.queryKey, { id: 7, username: 'rita' } as never)
  queryClient.setQueryData(SEARCH_KEY, { pages: [], pageParams: [] })
  queryClient.setQueryData(marketplaceKeys.all, [])
  render(
    <QueryClientProvider client={queryClient}>
      <Stream />
    </QueryClientProvider>,
  )
  return queryClient
}

function lookAtPage(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  document.dispatchEvent(new Event('visibilitychange'))
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
  lookAtPage('visible')
})
afterEach(() => vi.unstubAllGlobals())

describe('a bounded live events stream', () => {
  it('reads the lists again when the stream says it is too far behind, and resumes from where it was told', () => {
    const queryClient = signedIn()
    act(() => latest().send(EVENTS_READY, '', '9000'))
    expect(queryClient.getQueryState(SEARCH_KEY)!.isInvalidated).toBe(false)
    act(() => latest().send(EVENTS_BEHIND))
    // Marked to be read again: on screen, they are asked for at once.
    expect(queryClient.getQueryState(SEARCH_KEY)!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(marketplaceKeys.all)!.isInvalidated).toBe(true)
    // A new stream later (the phone offline and back) names the position the server gave, not one before the gap.
    act(() => {
      window.dispatchEvent(new Event('offline'))
      window.dispatchEvent(new Event('online'))
    })
    expect(FakeEventSource.opened).toHaveLength(2)
    expect(latest().url).toBe('/api/events?after=9000')
  })

  it('does not reopen a stream a newer one replaced, until the page is looked at again', async () => {
    vi.useFakeTimers()
    try {
      signedIn()
      act(() => {
        latest().send(EVENTS_READY, '', '42')
        latest().send(EVENTS_REPLACED)
      })
      expect(latest().readyState).toBe(FakeEventSource.CLOSED)
      // The server closes the connection after saying so; nothing opens however long the page waits in the background.
      lookAtPage('hidden')
      await act(() => vi.advanceTimersByTimeAsync(10 * 60_000))
      expect(FakeEventSource.opened).toHaveLength(1)
      lookAtPage('visible')
      expect(FakeEventSource.opened).toHaveLength(2)
      expect(latest().url).toBe('/api/events?after=42')
    } finally {
      vi.useRealTimers()
    }
  })
})
