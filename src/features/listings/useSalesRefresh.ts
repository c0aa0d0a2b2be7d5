// The Dashboard open with eBay or Etsy connected: the server reads the seller's sales there at once (at most every
// 15 s, whoever asks), and the listings are read again a few seconds later, so a sale shows when the seller looks
// rather than at the next poll (docs/product.md §4, decision 0033). A refresh that fails changes nothing: the regular
// poll still runs.
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
  const connected = (platform: string) =>
    connections.data?.some((connection) => connection.platform === platform && connection.connected) ?? false
  const ebayConnected = connected('ebay')
  const etsyConnected = connected('etsy')
  const online = useOnline()
  useEffect(() => {
    if (!online) return
    const timers: ReturnType<typeof setTimeout>[] = []
    const refresh = (asked: Promise<{ queued: boolean }>) =>
      asked
        .then(({ queued }) => {
          if (queued)
            timers.push(
              setTimeout(() => void queryClient.invalidateQueries({ queryKey: listingKeys.all }), ORDERS_READ_MS),
            )
        })
        .catch(() => {})
    if (ebayConnected) void refresh(okJson(api.ebay.sales.refresh.$post()))
    if (etsyConnected) void refresh(okJson(api.etsy.sales.refresh.$post()))
    return () => timers.forEach(clearTimeout)
  }, [ebayConnected, etsyConnected, online, queryClient])
}
