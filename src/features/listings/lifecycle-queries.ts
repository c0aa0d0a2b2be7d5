// Ending a listing on a marketplace and relisting it there (docs/product.md §4, decision 0063): the row's menu actions,
// the same for every marketplace, and the listings refreshed after.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Listing } from '../../../api/contract/listing.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import type { Platform } from '../../../api/contract/marketplace-paths.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'

export type PlaceChange = 'end' | 'relist'

const FAILED: Record<PlaceChange, string> = {
  end: 'Could not end the listing on',
  relist: 'Could not relist on',
}

/** POST /api/listings/{id}/end-on-<marketplace>, /relist-on-<marketplace>: the seller waits for the marketplace's answer. */
export function usePlaceChange(change: PlaceChange) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, marketplace }: { id: number; marketplace: Platform }) =>
      okJson(api.listings[':id'][`${change}-on-${marketplace}`].$post({ param: { id: String(id) } })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(result.message, undefined, 'success')
    },
    onError: (error, { marketplace }) =>
      notify(`${FAILED[change]} ${SOLD_ON_LABELS[marketplace]}`, errorMessage(error), 'error'),
  })
}

/** While a change is on its way to a marketplace the list is read again every few seconds, so the row says when it arrived. */
export const REVISION_REFRESH_MS = 3000
export const hasRevisionUnderWay = (listings: Listing[] | undefined) =>
  listings?.some((listing) => MARKETPLACE_WINGS.some((wing) => wing.changeUnderWay(listing))) ?? false
