// Listings: the Dashboard's search a page at a time, the ready listings it finds and the row's delete (one listing and
// the listings chosen are in listing-cache.ts, apart from what loads with the app). Creating goes through the offline
// outbox. Every key starts with listingKeys.all, so one invalidation refreshes them all.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { ListingFilter, ListingPage, ListingSort, ReadyListingIds } from '../../api/contract/listing-search.ts'
import { beingEndedOn } from '../../api/contract/listing-status.ts'
import { api, cancelledBy, okJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'

export const listingKeys = { all: ['listings'] as const }

/** What the Dashboard asks the server for: its search, filter and sort (the Draft status is the phone's own). */
export interface ListingSearchView {
  q: string
  status: ListingFilter | undefined
  sort: ListingSort
}

export const listingSearchQuery = ({ q, status, sort }: ListingSearchView) =>
  infiniteQueryOptions({
    queryKey: [...listingKeys.all, 'search', { q, status, sort }] as const,
    queryFn: ({ pageParam, signal }): Promise<ListingPage> =>
      okJson(
        api.listings.search.$get(
          { query: { q, sort, ...(pageParam ? { after: pageParam } : {}), ...(status ? { status } : {}) } },
          cancelledBy(signal),
        ),
      ),
    // Each page names where the next starts (a keyset cursor, docs/decisions/0036); the last names none.
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  })

/** Every ready listing the search finds (the first as many as one bulk post takes), for 'Select all ready'. */
export const readyListingIdsQuery = ({ q, sort }: ListingSearchView) =>
  queryOptions({
    queryKey: [...listingKeys.all, 'ready-ids', { q, sort }] as const,
    queryFn: ({ signal }): Promise<ReadyListingIds> =>
      okJson(api.listings['ready-ids'].$get({ query: { q, sort } }, cancelledBy(signal))),
  })

/** Every listing of the search loaded so far, in order. */
export const loadedListings = (pages: readonly ListingPage[] | undefined) => pages?.flatMap((page) => page.listings)

export function useDeleteListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => okJson(api.listings[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: async ({ endingOn }) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify('Listing deleted successfully', endingOn.length > 0 ? beingEndedOn(endingOn) : undefined, 'success')
    },
    onError: () => notify('Error', 'Failed to delete listing', 'error'),
  })
}
