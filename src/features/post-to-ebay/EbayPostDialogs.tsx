// The Dashboard's Post to eBay dialog, opened from the listing rows (src/components/post-dialogs.ts): one listing's,
// loaded on the first Post to eBay tap with its details form (react-hook-form). The listing left for eBay's consent
// reopens. Posting many at once is the bulk post's (src/features/bulk-post), eBay's section included.
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense } from 'react'
import type { PostDialogsProps } from '../../components/post-dialogs.ts'
import { marketplaceConnectionsQuery } from '../../queries/marketplace-queries.ts'
import { useReopenPostAfterConnect } from './post-after-connect.ts'

const LazyPostToEbayDialog = lazy(async () => ({ default: (await import('./PostToEbayDialog.tsx')).PostToEbayDialog }))

export function EbayPostDialogs({ listings, posting, onPosting }: Omit<PostDialogsProps, 'bulk' | 'onBulkClosed'>) {
  const connections = useQuery(marketplaceConnectionsQuery)
  const ebayConnected =
    connections.data?.some((connection) => connection.platform === 'ebay' && connection.connected) ?? false
  useReopenPostAfterConnect(listings, onPosting)
  if (!posting) return null
  return (
    <Suspense fallback={null}>
      <LazyPostToEbayDialog listing={posting} ebayConnected={ebayConnected} onClose={() => onPosting(null)} />
    </Suspense>
  )
}
