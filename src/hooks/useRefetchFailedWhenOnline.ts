// The query defaults of docs/product.md §9 never retry, so a query that failed while the phone had no network would stay failed: once
// the browser is back online, the failed queries under this key are fetched again.
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useOnline } from './useOnline.ts'

export function useRefetchFailedWhenOnline(queryKey: QueryKey) {
  const queryClient = useQueryClient()
  const online = useOnline()
  useEffect(() => {
    if (online) void queryClient.invalidateQueries({ queryKey, predicate: (query) => query.state.status === 'error' })
  }, [online, queryClient, queryKey])
}
