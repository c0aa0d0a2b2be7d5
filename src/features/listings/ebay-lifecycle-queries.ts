// Ending a listing on eBay and relisting it (docs/product.md §4): the row's menu actions, and the listings refreshed after.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Listing } from '../../../api/contract/listing.ts'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'

export type EbayLifecycleAction = 'end-on-ebay' | 'relist-on-ebay'

const FAILED: Record<EbayLifecycleAction, string> = {
  'end-on-ebay': 'Could not end the listing on eBay',
  'relist-on-ebay': 'Could not relist on eBay',
}

export function useEbayLifecycle(action: EbayLifecycleAction) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => okJson(api.listings[':id'][action].$post({ param: { id: String(id) } })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(result.message, undefined, 'success')
    },
    onError: (error) => notify(FAILED[action], errorMessage(error), 'error'),
  })
}

/** While a change is on its way to eBay or Etsy the list is read again every few seconds, so the row says when it arrived. */
export const REVISION_REFRESH_MS = 3000
export const hasRevisionUnderWay = (listings: Listing[] | undefined) =>
  listings?.some((listing) => listing.ebayRevisionStatus === 'pending' || listing.etsyRevisionStatus === 'pending') ??
  false
