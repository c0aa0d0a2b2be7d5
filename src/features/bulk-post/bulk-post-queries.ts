// Posting many listings at once (docs/product.md §17, decision 0064): sending a confirmed request (the same clientId
// every time, bulk-post-pending.ts) and reading how each listing went on each marketplace until every one has its
// answer.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { BulkPost, BulkPostInput } from '../../../api/contract/bulk-post.ts'
import { api, ApiError, cancelledBy, okJson } from '../../lib/api.ts'
import { listingKeys } from '../../queries/listing-queries.ts'

/** How often the phone asks how the jobs are doing while any listing is still queued. */
export const BULK_POST_POLL_MS = 1000

const bulkPostQuery = (id: number) =>
  queryOptions({
    queryKey: ['bulk-posts', id] as const,
    queryFn: ({ signal }): Promise<BulkPost> =>
      okJson(api['bulk-posts'][':id'].$get({ param: { id: String(id) } }, cancelledBy(signal))),
    refetchInterval: (query) => (query.state.data?.done ? false : BULK_POST_POLL_MS),
    gcTime: 0,
  })

/** The network or the server failed the request, not the request itself: sending it again (same clientId) is safe. */
export const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429

/**
 * Sends a request; sending it again (same clientId) answers the same bulk post and queues nothing more, so a reply
 * lost on the way back is simply asked for again.
 */
export const useSendBulkPost = () =>
  useMutation({
    retry: (failures, error) => failures < 2 && isTransient(error),
    retryDelay: 1000,
    mutationFn: (json: BulkPostInput): Promise<BulkPost> => okJson(api['bulk-posts'].$post({ json })),
  })

/** Each item's state, asked again every second until all are answered; the Dashboard's rows follow each one posted. */
export function useBulkPost(sent: BulkPost) {
  const queryClient = useQueryClient()
  const progress = useQuery({ ...bulkPostQuery(sent.id), initialData: sent, initialDataUpdatedAt: 0 })
  const post = progress.data
  const posted = post.items.filter((item) => item.status === 'posted').length
  const seen = useRef(0)
  useEffect(() => {
    if (posted === seen.current) return
    seen.current = posted
    // The rows that went live show where they are instead of Post.
    void queryClient.invalidateQueries({ queryKey: listingKeys.all })
  }, [posted, queryClient])
  return { post, error: progress.error }
}
