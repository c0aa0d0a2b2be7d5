// What a change pushed by the server (GET /api/events, docs/decisions/0034) does to the query cache: the listing it
// carries replaces the cached one in every list that holds it, and a deleted one leaves them, with the Dashboard's
// counts kept in step. Nothing is fetched again, except the search a listing created elsewhere belongs in (the server
// alone knows where it sorts), so SPEC's "no polling, no refetch on focus" still holds.
import { notifyManager, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { LiveEvent } from '../../api/contract/events.ts'
import { liveOnFilter, type ListingFilter, type ListingPage } from '../../api/contract/listing-search.ts'
import type { Listing } from '../../api/contract/listing.ts'
import { listingStatus, livePlatforms } from '../../api/contract/listing-status.ts'
import { marketplaceKeys } from './marketplace-queries.ts'
import { heldListings, type CachedListings } from './listing-cache.ts'
import { listingKeys } from './listing-queries.ts'

/**
 * The filters that keep the listing: its status, and while it is live, live on each marketplace it is live on. Here,
 * not in the contract's search module, which the app's start loads without the listing's fields.
 */
function filtersOf(listing: Listing): ListingFilter[] {
  const status = listingStatus(listing)
  return status === 'live' ? [status, ...livePlatforms(listing).map(liveOnFilter)] : [status]
}

/** The Dashboard's counts with one listing moved from one filter to another (or gone, or new). */
function recount(counts: ListingPage['counts'], before: Listing | undefined, after: Listing | null) {
  const next = { ...counts }
  // A page this phone kept from before the live-on counts has none of them: they start from 0 there.
  for (const filter of before ? filtersOf(before) : []) next[filter] = (next[filter] ?? 0) - 1
  for (const filter of after ? filtersOf(after) : []) next[filter] = (next[filter] ?? 0) + 1
  return next
}

function inPages(data: InfiniteData<ListingPage>, id: number, listing: Listing | null): InfiniteData<ListingPage> {
  const before = data.pages.flatMap((page) => page.listings).find((held) => held.id === id)
  if (!before) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      total: listing ? page.total : page.total - 1,
      counts: recount(page.counts, before, listing),
      listings: listing
        ? page.listings.map((held) => (held.id === id ? listing : held))
        : page.listings.filter((held) => held.id !== id),
    })),
  }
}

/** A list of chosen listings: the one changed replaced, a deleted one left out; a new one was never chosen. */
function inList(data: Listing[], id: number, listing: Listing | null): Listing[] {
  return listing ? data.map((held) => (held.id === id ? listing : held)) : data.filter((held) => held.id !== id)
}

/** Whether any list in the cache holds this listing. */
const isCached = (queryClient: QueryClient, id: number) =>
  queryClient
    .getQueriesData<CachedListings>({ queryKey: listingKeys.all })
    .some(([, data]) => heldListings(data).some((held) => held.id === id))

/** One change in the cached lists; answers whether it is a listing none of them holds yet (created elsewhere). */
function applyOne(queryClient: QueryClient, event: LiveEvent): { created: boolean; connection: boolean } {
  if (event.kind === 'connection-needs-renewal') return { created: false, connection: true }
  const id = event.listingId
  if (id === null) return { created: false, connection: false }
  const created = event.kind === 'listing-created' && !isCached(queryClient, id)
  for (const [key, data] of queryClient.getQueriesData<CachedListings>({ queryKey: listingKeys.all })) {
    if (Array.isArray(data)) queryClient.setQueryData(key, inList(data, id, event.listing))
    else if (data && 'pages' in data) queryClient.setQueryData(key, inPages(data, id, event.listing))
    // One listing (an edit's): the change replaces it; a deleted one is forgotten, so nothing starts from it.
    else if (data?.id === id) {
      if (event.listing) queryClient.setQueryData(key, event.listing)
      else queryClient.removeQueries({ queryKey: key, exact: true })
    }
  }
  return { created, connection: false }
}

/**
 * Changes that arrived together (a stream catching up sends many at once) applied as one: the screens draw once, and
 * the searches on screen ask again once, not once per new listing.
 */
export function applyLiveEvents(queryClient: QueryClient, events: LiveEvent[]): void {
  const applied = notifyManager.batch(() => events.map((event) => applyOne(queryClient, event)))
  if (applied.some((one) => one.connection)) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  // Which searches a new listing belongs in, and where, only the server knows: those on screen ask again.
  if (applied.some((one) => one.created))
    void queryClient.invalidateQueries({ queryKey: [...listingKeys.all, 'search'] })
  // 'Select all ready' counts again when next opened (a listing sold or deleted is no longer ready).
  void queryClient.invalidateQueries({ queryKey: [...listingKeys.all, 'ready-ids'], refetchType: 'none' })
}

/**
 * The stream was too far behind to be sent what it missed (GET /api/events' `behind`, issue 46 G4): everything the
 * changes would have updated is read again, the lists on screen at once.
 */
export function reloadAfterGap(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: listingKeys.all })
  void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
}
