// Posting many listings to eBay at once (docs/product.md §17): the seller's look at what Snaplist guessed of a listing,
// sending the confirmed request (the same clientId every time, bulk-post-pending.ts) and reading each listing's state
// until every one has its answer.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { EbayBulkPost } from '../../../api/contract/ebay-bulk-post.ts'
import type { EbayCheckedGuess } from '../../../api/contract/guesses.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { api, ApiError, cancelledBy, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { listingKeys } from '../../queries/listing-queries.ts'
import type { PendingBulkPost } from './bulk-post-pending.ts'

/** How often the phone asks how the jobs are doing while any listing is still queued. */
export const BULK_POST_POLL_MS = 1000

const bulkPostQuery = (id: number) =>
  queryOptions({
    queryKey: ['ebay-bulk-posts', id] as const,
    queryFn: ({ signal }): Promise<EbayBulkPost> =>
      okJson(api.ebay['bulk-posts'][':id'].$get({ param: { id: String(id) } }, cancelledBy(signal))),
    refetchInterval: (query) => (query.state.data?.done ? false : BULK_POST_POLL_MS),
    gcTime: 0,
  })

/** The seller says what the check showed guessed of a listing is right: the chosen listings hold it so at once. */
export function useCheckGuesses() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ listingId, guesses }: { listingId: number; guesses: EbayCheckedGuess[] }): Promise<Listing> =>
      okJson(api.listings[':id']['guesses-checked'].$post({ param: { id: String(listingId) }, json: { guesses } })),
    onSuccess: (checked) =>
      queryClient.setQueriesData<Listing[]>({ queryKey: [...listingKeys.all, 'chosen'] }, (held) =>
        held?.map((listing) => (listing.id === checked.id ? { ...listing, guesses: checked.guesses } : listing)),
      ),
    onError: (error) => notify('Not saved', errorMessage(error), 'error'),
  })
}

/** The network or the server failed the request, not the request itself: sending it again (same clientId) is safe. */
export const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429

/**
 * Sends the request; sending it again (same clientId) answers the same bulk post and queues nothing more, so a
 * reply lost on the way back is simply asked for again.
 */
export const useSendBulkPost = () =>
  useMutation({
    retry: (failures, error) => failures < 2 && isTransient(error),
    retryDelay: 1000,
    mutationFn: ({ clientId, listingIds, postalCode }: PendingBulkPost): Promise<EbayBulkPost> =>
      okJson(api.ebay['bulk-posts'].$post({ json: { clientId, listingIds, ...(postalCode ? { postalCode } : {}) } })),
  })

/** Each listing's state, asked again every second until all are answered; the Dashboard's rows follow each one posted. */
export function useBulkPost(sent: EbayBulkPost) {
  const queryClient = useQueryClient()
  const progress = useQuery({ ...bulkPostQuery(sent.id), initialData: sent, initialDataUpdatedAt: 0 })
  const post = progress.data
  const posted = post.items.filter((item) => item.status === 'posted').length
  const seen = useRef(0)
  useEffect(() => {
    if (posted === seen.current) return
    seen.current = posted
    // The rows that went live show the eBay badge instead of Post to eBay.
    void queryClient.invalidateQueries({ queryKey: listingKeys.all })
  }, [posted, queryClient])
  return { post, error: progress.error }
}
