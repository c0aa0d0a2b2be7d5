// TanStack Query defaults from docs/product.md §9: no automatic retries, no refetch on focus, no polling, data never stale.
import { QueryClient } from '@tanstack/react-query'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, refetchInterval: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  })
}
