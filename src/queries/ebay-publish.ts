// Posting a listing to eBay: what eBay will need for it (read when the dialog opens, and again for a category the
// seller picks), eBay's categories for the seller's words, and the publish itself, with docs/product.md §8's toasts for every
// way it can end.
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { EbayCategory, EbayPublishInput, EbayPublishResult, EbayRequirements } from '../../api/contract/ebay-publish.ts'
import { apiJson } from '../lib/api.ts'
import { postFailureToast } from '../lib/ebay-post-failure.ts'
import { notify } from '../lib/notify.tsx'
import { listingKeys } from './listings.ts'
import { marketplaceKeys } from './marketplaces.ts'

const ebayRequirementsQuery = (listingId: number, categoryId: string | undefined) =>
  queryOptions({
    queryKey: ['listings', listingId, 'ebay-requirements', categoryId ?? null] as const,
    queryFn: ({ signal }) =>
      apiJson<EbayRequirements>('GET', `/api/listings/${listingId}/ebay-requirements${categoryId ? `?categoryId=${encodeURIComponent(categoryId)}` : ''}`, undefined, signal),
    // What eBay needs changes when the seller sets things up on eBay: ask again each time the dialog opens.
    gcTime: 0,
    // Another category keeps the dialog (and what the seller typed) on screen while eBay answers.
    placeholderData: keepPreviousData,
  })

/** eBay's leaf categories for the words (the title, or what the seller searched for). */
export const useEbayCategorySearch = (words: string) =>
  useQuery({
    queryKey: ['ebay-categories', words] as const,
    queryFn: ({ signal }) => apiJson<{ categories: EbayCategory[] }>('GET', `/api/ebay/categories?q=${encodeURIComponent(words)}`, undefined, signal),
    enabled: words.trim() !== '',
  })

/** docs/product.md §8's toast for a failed post; true when the eBay connection has to be made again. */
export function notifyPostFailure(error: unknown): boolean {
  const toast = postFailureToast(error)
  notify(toast.title, toast.description, 'error')
  return toast.reconnect
}

/** What eBay needs for the listing; a failure gets the same toast a failed post would (a lapsed connection above all). */
export function useEbayRequirements(listingId: number, categoryId?: string) {
  const queryClient = useQueryClient()
  const requirements = useQuery(ebayRequirementsQuery(listingId, categoryId))
  const { error } = requirements
  useEffect(() => {
    if (error && notifyPostFailure(error)) void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  }, [error, queryClient])
  return requirements
}

export function usePostToEbay(listingId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: EbayPublishInput) => apiJson<EbayPublishResult>('POST', `/api/listings/${listingId}/post-to-ebay`, input),
    onSuccess: async (result) => {
      notify('Success', result.message, 'success')
      await queryClient.invalidateQueries({ queryKey: listingKeys.all })
    },
    onError: async (error) => {
      if (notifyPostFailure(error)) await queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
    },
  })
}
