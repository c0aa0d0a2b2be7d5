// The Dashboard's Post to eBay dialog, opened from a listing row (the registry's PostDialog): one listing's, loaded on
// the first Post to eBay tap with its details form (react-hook-form). The listing left for eBay's consent reopens.
// Posting many at once is the bulk post's (src/features/bulk-post), eBay's section included.
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import { marketplaceConnectionsQuery } from '../../queries/marketplace-queries.ts'
import type { PostDialogProps } from '../client-marketplace.ts'
import { useReopenPostAfterConnect } from './post-after-connect.ts'

const LazyPostToEbayDialog = lazy(async () => ({ default: (await import('./PostToEbayDialog.tsx')).PostToEbayDialog }))

export function EbayPostDialog({ listings, listing, onPosting }: PostDialogProps) {
  const connections = useQuery(marketplaceConnectionsQuery)
  const ebayConnected =
    connections.data?.some((connection) => connection.platform === 'ebay' && connection.connected) ?? false
  useReopenPostAfterConnect(listings, onPosting)
  if (!listing) return null
  return (
    <Suspense fallback={null}>
      <LazyPostToEbayDialog listing={listing} ebayConnected={ebayConnected} onClose={() => onPosting(null)} />
    </Suspense>
  )
}
