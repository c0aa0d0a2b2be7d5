// A change pushed by the server (docs/decisions/0034) updates the cached lists in place: the listing it carries
// replaces the cached one, the Dashboard's counts follow its status, a deleted one leaves; only a listing created
// elsewhere makes the search on screen ask again. And a sale's toast reads as the issue says.
import { QueryClient, type InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { LiveEvent } from '../../../api/contract/events.ts'
import type { ListingPage } from '../../../api/contract/listing-search.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { saleToast } from '../../../src/hooks/useLiveEvents.ts'
import { applyLiveEvents } from '../../../src/queries/live-event-cache.ts'
import { chosenListingsQuery, listingQuery } from '../../../src/queries/listing-cache.ts'
import { listingKeys } from '../../../src/queries/listing-queries.ts'

const listing = (id: number, fields: Partial<Listing> = {}) =>
  ({ id, title: `Item ${id}`, platformStatus: 'active', platformListingId: `ebay-${id}`, ...fields }) as Listing
const searchKey = [...listingKeys.all, 'search', { q: '', status: undefined, sort: 'newest' }]
// The listings a bulk post shows, chosen on the Dashboard.
const chosenKey = chosenListingsQuery([2, 1]).queryKey
const counts = { ready: 0, live: 2, 'live-on-ebay': 2, 'live-on-etsy': 0, 'live-on-shopify': 0, sold: 0, ended: 0 }

function cached() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  queryClient.setQueryData(chosenKey, [listing(2), listing(1)])
  queryClient.setQueryData<InfiniteData<ListingPage, string | undefined>>(searchKey, {
    pages: [{ listings: [listing(2), listing(1)], total: 2, counts, next: null }],
    pageParams: [undefined],
  })
  return queryClient
}

const sold = listing(1, { platformStatus: 'sold', platformListingId: 'ebay-1', quantity: 0 })
const saleEvent = (fields: Partial<Extract<LiveEvent, { kind: 'listing-sold' }>['data']> = {}): LiveEvent => ({
  kind: 'listing-sold',
  listingId: 1,
  listing: { ...sold, title: 'Red wool jacket', platformListingId: null },
  data: { marketplace: 'ebay', quantity: 1, price: 37, left: 0, short: 0, where: null, ...fields },
})

describe('a pushed change in the query cache', () => {
  it('replaces the sold listing in every list and moves it from Live (and Live on eBay) to Sold in the counts', () => {
    const queryClient = cached()
    applyLiveEvents(queryClient, [saleEvent()])
    expect(queryClient.getQueryData(chosenKey)!.map((held) => held.title)).toEqual(['Item 2', 'Red wool jacket'])
    const page = queryClient.getQueryData<InfiniteData<ListingPage>>(searchKey)!.pages[0]!
    expect(page.listings[1]).toMatchObject({ id: 1, platformStatus: 'sold' })
    expect(page.counts).toEqual({ ...counts, live: 1, 'live-on-ebay': 1, sold: 1 })
    expect(queryClient.getQueryState(searchKey)!.isInvalidated).toBe(false)
  })

  it('takes a deleted listing out, with the total and counts', () => {
    const queryClient = cached()
    applyLiveEvents(queryClient, [{ kind: 'listing-deleted', listingId: 2, listing: null, data: {} }])
    expect(queryClient.getQueryData(chosenKey)!.map((held) => held.id)).toEqual([1])
    const page = queryClient.getQueryData<InfiniteData<ListingPage>>(searchKey)!.pages[0]!
    expect(page).toMatchObject({ total: 1, counts: { ...counts, live: 1, 'live-on-ebay': 1 } })
    expect(page.listings.map((held) => held.id)).toEqual([1])
  })

  it('replaces the one listing an edit started from, and forgets it once deleted', () => {
    const queryClient = cached()
    const { queryKey } = listingQuery(1)
    queryClient.setQueryData(queryKey, listing(1))
    applyLiveEvents(queryClient, [saleEvent()])
    expect(queryClient.getQueryData(queryKey)).toMatchObject({
      id: 1,
      title: 'Red wool jacket',
      platformStatus: 'sold',
    })
    applyLiveEvents(queryClient, [{ kind: 'listing-created', listingId: 1, listing: listing(1), data: {} }])
    expect(queryClient.getQueryState(searchKey)!.isInvalidated).toBe(false)
    applyLiveEvents(queryClient, [{ kind: 'listing-deleted', listingId: 1, listing: null, data: {} }])
    expect(queryClient.getQueryData(queryKey)).toBeUndefined()
    expect(queryClient.getQueryData(chosenKey)!.map((held) => held.id)).toEqual([2])
  })

  it('has the search ask again for a listing created elsewhere, which no chosen list gains', () => {
    const queryClient = cached()
    applyLiveEvents(queryClient, [{ kind: 'listing-created', listingId: 3, listing: listing(3), data: {} }])
    expect(queryClient.getQueryData(chosenKey)!.map((held) => held.id)).toEqual([2, 1])
    expect(queryClient.getQueryState(searchKey)!.isInvalidated).toBe(true)
  })
})

describe('the sale toast', () => {
  it('says what sold, for how much and where', () => {
    expect(saleToast(saleEvent() as Extract<LiveEvent, { kind: 'listing-sold' }>)).toBe(
      'Sold: Red wool jacket — $37 on eBay',
    )
    expect(
      saleToast(
        saleEvent({ marketplace: 'etsy', quantity: 2, price: 12.5 }) as Extract<LiveEvent, { kind: 'listing-sold' }>,
      ),
    ).toBe('Sold: 2 × Red wool jacket — $12.50 on Etsy')
    expect(
      saleToast(
        saleEvent({ marketplace: 'elsewhere', price: null, where: 'Poshmark' }) as Extract<
          LiveEvent,
          { kind: 'listing-sold' }
        >,
      ),
    ).toBe('Sold: Red wool jacket — at Poshmark')
  })
})
