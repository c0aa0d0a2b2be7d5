// Signing out lets go of the seller's live events stream before the session ends, and none opens until it has: the
// stream's code loads apart from the page's, so on a slow phone it can mount after the seller tapped Logout, and a
// stream opened then would be refused with a 401 (and send the page asking who is signed in, refused again).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLiveEvents } from '../../../src/hooks/useLiveEvents.ts'
import { announceSigningOut, signingOutOver } from '../../../src/lib/signing-out.ts'
import { currentUserQuery } from '../../../src/queries/session-queries.ts'

/** The browser's EventSource, as far as the page uses it: each one opened, and whether it was closed. */
class FakeEventSource {
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = 0
  onmessage: unknown = null
  onerror: unknown = null
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

function Stream(): ReactNode {
  useLiveEvents()
  return null
}

function signedIn() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } })
  queryClient.setQueryData(currentUserQuery.queryKey, { id: 7, username: 'rita' } as never)
  return render(
    <QueryClientProvider client={queryClient}>
      <Stream />
    </QueryClientProvider>,
  )
}

beforeEach(() => {
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  signingOutOver()
  vi.unstubAllGlobals()
})

describe("the seller's live events stream and signing out", () => {
  it('opens for a signed-in seller and closes the moment they sign out', () => {
    signedIn()
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/events'])
    announceSigningOut()
    expect(FakeEventSource.opened[0]!.readyState).toBe(FakeEventSource.CLOSED)
  })

  it('does not open when it mounts while the seller is signing out, and opens again once that is over', () => {
    announceSigningOut()
    signedIn().unmount()
    expect(FakeEventSource.opened).toEqual([])
    signingOutOver()
    signedIn()
    expect(FakeEventSource.opened).toHaveLength(1)
  })
})
