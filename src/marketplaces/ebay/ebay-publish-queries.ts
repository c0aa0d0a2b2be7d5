// Posting a listing to eBay: what eBay will need for it (read when the dialog opens, and again for a category the
// seller picks) and the publish itself, with docs/product.md §8's toasts for every way it can end. Choosing the eBay
// category is shared with the listing form (src/queries/ebay-category-queries.ts).
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { EbayPublishInput, EbayPublishResult, EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'
import { postFailureToast } from './ebay-post-failure.ts'
import { notify } from '../../lib/notify.tsx'
import { offerPushOnceLive } from '../../lib/offer-push.ts'
import { listingKeys } from '../../queries/listing-queries.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'

/**
 * What eBay needs for the listing (in eBay's suggested category and the listing's shipping policy unless others are
 * given): the dialog's check, and each item's in a bulk post.
 */
export const ebayRequirementsQuery = (listingId: number, categoryId: string | undefined, shippingPolicyId?: string) =>
  queryOptions({
    queryKey: ['listings', listingId, 'ebay-requirements', categoryId ?? null, shippingPolicyId ?? null] as const,
    queryFn: ({ signal }): Promise<EbayRequirements> =>
      okJson(
        api.listings[':id']['ebay-requirements'].$get(
          {
            param: { id: String(listingId) },
            query: { categoryId: categoryId || undefined, shippingPolicyId: shippingPolicyId || undefined },
          },
          cancelledBy(signal),
        ),
      ),
    // What eBay needs changes when the seller sets things up on eBay: ask again each time the dialog opens.
    gcTime: 0,
    // Another category keeps the dialog (and what the seller typed) on screen while eBay answers.
    placeholderData: keepPreviousData,
  })

/** docs/product.md §8's toast for a failed post; true when the eBay connection has to be made again. */
export function notifyPostFailure(error: unknown): boolean {
  const toast = postFailureToast(error)
  notify(toast.title, toast.description, 'error')
  return toast.reconnect
}

/** What eBay needs for the listing; a failure gets the same toast a failed post would (a lapsed connection above all). */
export function useEbayRequirements(listingId: number, categoryId?: string, shippingPolicyId?: string) {
  const queryClient = useQueryClient()
  const requirements = useQuery(ebayRequirementsQuery(listingId, categoryId, shippingPolicyId))
  const { error } = requirements
  useEffect(() => {
    if (error && notifyPostFailure(error)) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  }, [error, queryClient])
  return requirements
}

export function usePostToEbay(listingId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: EbayPublishInput): Promise<EbayPublishResult> =>
      okJson(api.listings[':id']['post-to-ebay'].$post({ param: { id: String(listingId) }, json })),
    onSuccess: async (result) => {
      notify('Success', result.message, 'success')
      // Live now: the moment to offer telling the seller when it sells (once per device).
      offerPushOnceLive()
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
    },
    onError: async (error) => {
      if (notifyPostFailure(error)) await queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
    },
  })
}
