// Bulk actions on a selection (docs/decisions/0038): sending the seller's confirmed action (the same clientId every
// time, so a lost reply is asked for again without a second action) and reading how far it has got until it is done.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { BulkActionInput, BulkActionView } from '../../../api/contract/bulk-actions.ts'
import { api, ApiError, cancelledBy, okJson } from '../../lib/api.ts'
import { listingKeys } from '../../queries/listing-queries.ts'

/** How often the phone asks how the action is doing while listings are still being changed. */
export const BULK_ACTION_POLL_MS = 1000

const bulkActionQuery = (id: number) =>
  queryOptions({
    queryKey: ['bulk-actions', id] as const,
    queryFn: ({ signal }): Promise<BulkActionView> =>
      okJson(api['bulk-actions'][':id'].$get({ param: { id: String(id) } }, cancelledBy(signal))),
    refetchInterval: (query) => (query.state.data?.done ? false : BULK_ACTION_POLL_MS),
    gcTime: 0,
  })

/** The network or the server failed, not the request: sending it again (same clientId) is safe. */
const isTransient = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500 || error.status === 429

export const useStartBulkAction = () =>
  useMutation({
    retry: (failures, error) => failures < 2 && isTransient(error),
    retryDelay: 1000,
    mutationFn: (input: BulkActionInput): Promise<BulkActionView> => okJson(api['bulk-actions'].$post({ json: input })),
  })

/** The action as it goes, asked again every second until done; the rows are read again as listings finish. */
export function useBulkActionProgress(sent: BulkActionView) {
  const queryClient = useQueryClient()
  const progress = useQuery({ ...bulkActionQuery(sent.id), initialData: sent, initialDataUpdatedAt: 0 })
  const view = progress.data
  const seen = useRef(0)
  useEffect(() => {
    if (view.finished === seen.current) return
    seen.current = view.finished
    // The live stream brings each changed row too; this covers a phone whose stream is not open.
    void queryClient.invalidateQueries({ queryKey: listingKeys.all })
  }, [view.finished, queryClient])
  return { view, error: progress.error }
}
