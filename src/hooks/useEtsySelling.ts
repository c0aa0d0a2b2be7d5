// Whether the seller can post to Etsy from here: SPEC keeps Etsy a testing feature, offered only once the server has
// Etsy's settings and the seller has connected a shop (issue 29); until both hold the row's action reads Coming Soon.
import { useQuery } from '@tanstack/react-query'
import { marketplaceConnectionsQuery, marketplaceStatusQuery } from '../queries/marketplace-queries.ts'

export function useEtsySelling(): boolean {
  const connections = useQuery(marketplaceConnectionsQuery)
  const connected =
    connections.data?.some((connection) => connection.platform === 'etsy' && connection.connected) ?? false
  // A server can lose its Etsy settings after a shop was connected: asked only when there is a shop to sell through.
  const status = useQuery({ ...marketplaceStatusQuery('etsy'), enabled: connected })
  return connected && status.data?.configured === true
}
