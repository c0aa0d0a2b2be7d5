// The Dashboard open with eBay connected: the server reads the seller's eBay orders at once (at most every 15 s,
// whoever asks), and the listings are read again a few seconds later, so a sale shows when the seller looks rather
// than at the next poll (docs/product.md §4). A refresh that fails changes nothing: the regular poll still runs.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useOnline } from '../../hooks/useOnline.ts'
import { api, okJson } from '../../lib/api.ts'
import { listingKeys } from '../../queries/listing-queries.ts'
import { marketplaceConnectionsQuery } from '../../queries/marketplace-queries.ts'

/** About how long the server takes to read a seller's orders once asked. */
const ORDERS_READ_MS = 4_000

export function useSalesRefresh() {
  const queryClient = useQueryClient()
  const connections = useQuery(marketplaceConnectionsQuery)
  const ebayConnected =
    connections.data?.some((connection) => connection.platform === 'ebay' && connection.connected) ?? false
  const online = useOnline()
  useEffect(() => {
    if (!ebayConnected || !online) return
    let timer: ReturnType<typeof setTimeout> | undefined
    okJson(api.ebay.sales.refresh.$post())
      .then(({ queued }) => {
        if (queued)
          timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: listingKeys.all }), ORDERS_READ_MS)
      })
      .catch(() => {})
    return () => clearTimeout(timer)
  }, [ebayConnected, online, queryClient])
}
