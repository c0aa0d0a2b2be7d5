// Listings: the query the Dashboard reads and the row's delete. Creating goes through the offline outbox.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { Listing } from '../../../api/contract/listing.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'

export const listingKeys = { all: ['listings'] as const }

export const listingsQuery = queryOptions({
  queryKey: listingKeys.all,
  queryFn: ({ signal }): Promise<Listing[]> => okJson(api.listings.$get(undefined, cancelledBy(signal))),
})

export function useDeleteListing() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => okJson(api.listings[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: async ({ endingOnEbay }) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify('Listing deleted successfully', endingOnEbay ? 'It is being ended on eBay.' : undefined, 'success')
    },
    onError: () => notify('Error', 'Failed to delete listing', 'error'),
  })
}
