// The listings a screen reads one at a time or as chosen (what an edit starts from, what a bulk post shows), never the
// seller's whole inventory, and what the query cache holds of the seller's listings. Apart from listing-queries.ts,
// whose Dashboard queries load with the app, so these load with the screens that use them.
import { queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { ListingPage } from '../../api/contract/listing-search.ts'
import type { Listing } from '../../api/contract/listing.ts'
import { api, cancelledBy, okJson } from '../lib/api.ts'
import { listingKeys, loadedListings } from './listing-queries.ts'

/** One of the seller's listings as the server has it now: an edit reads this, never the whole inventory. */
export const listingQuery = (id: number) =>
  queryOptions({
    queryKey: [...listingKeys.all, 'one', id] as const,
    queryFn: ({ signal }): Promise<Listing> =>
      okJson(api.listings[':id'].$get({ param: { id: String(id) } }, cancelledBy(signal))),
  })

/** The listings chosen on the Dashboard, in the order chosen (the seller's own only): what a bulk post shows. */
export const chosenListingsQuery = (ids: readonly number[]) =>
  queryOptions({
    queryKey: [...listingKeys.all, 'chosen', ids] as const,
    queryFn: ({ signal }): Promise<Listing[]> =>
      okJson(api.listings.chosen.$get({ query: { ids: ids.join(',') } }, cancelledBy(signal))),
    enabled: ids.length > 0,
  })

/** What a listing query holds: listings chosen, the Dashboard's pages of a search, or one listing. */
export type CachedListings = Listing[] | InfiniteData<ListingPage> | Listing | undefined

/** The listings one cached query holds, in order. */
export const heldListings = (data: CachedListings): Listing[] =>
  Array.isArray(data) ? data : data && 'pages' in data ? (loadedListings(data.pages) ?? []) : data ? [data] : []

/** Every listing this page holds in any list (offline, the Dashboard's pages are what the phone last saw). */
export const cachedListings = (queryClient: QueryClient) =>
  queryClient.getQueriesData<CachedListings>({ queryKey: listingKeys.all }).flatMap(([, data]) => heldListings(data))
