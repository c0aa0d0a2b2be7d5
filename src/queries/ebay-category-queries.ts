// Choosing a listing's eBay category (docs/decisions/0022), on the listing form as in the Post to eBay dialog: eBay's
// categories for the seller's words, and the choice kept on the listing.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { EbayCategory } from '../../api/contract/ebay-publish.ts'
import { api, cancelledBy, errorMessage, okJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'
import { listingKeys } from './listing-queries.ts'

/** eBay's leaf categories for the words (the title, or what the seller searched for). */
export const useEbayCategorySearch = (words: string) =>
  useQuery({
    queryKey: ['ebay-categories', words] as const,
    queryFn: ({ signal }) => okJson(api.ebay.categories.$get({ query: { q: words } }, cancelledBy(signal))),
    enabled: words.trim() !== '',
  })

/**
 * Keeps the seller's choice of eBay category on the listing at once (the form's Change, a Post to eBay dialog's), so
 * closing the dialog loses nothing; the listing and what eBay needs for it are read again, in that category.
 */
export function useChooseEbayCategory(listingId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (category: EbayCategory) =>
      okJson(
        api.listings[':id']['ebay-category'].$put({
          param: { id: String(listingId) },
          json: { categoryId: category.id },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
    onError: (error) => notify('Error', errorMessage(error), 'error'),
  })
}
