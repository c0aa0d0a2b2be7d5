// The Dashboard's Post to eBay dialogs, opened from the listing rows (src/components/post-dialogs.ts): one listing's,
// loaded on the first Post to eBay tap with its details form (react-hook-form), and posting many at once, loaded on the
// first 'Post N to eBay' tap. The listing left for eBay's consent, and a confirmed bulk post kept on the phone, reopen.
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import type { PostDialogsProps } from '../../components/post-dialogs.ts'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { marketplaceConnectionsQuery } from '../../queries/marketplace-queries.ts'
import { readPendingBulkPost } from './bulk-post-pending.ts'
import { useReopenPostAfterConnect } from './post-after-connect.ts'

const LazyPostToEbayDialog = lazy(async () => ({ default: (await import('./PostToEbayDialog.tsx')).PostToEbayDialog }))
const LazyBulkPostDialog = lazy(async () => ({ default: (await import('./BulkPostDialog.tsx')).BulkPostDialog }))

export function EbayPostDialogs({ listings, posting, onPosting, bulk, onBulkClosed }: PostDialogsProps) {
  const user = useCurrentUser()
  const connections = useQuery(marketplaceConnectionsQuery)
  const ebayConnected =
    connections.data?.some((connection) => connection.platform === 'ebay' && connection.connected) ?? false
  useReopenPostAfterConnect(listings, onPosting)
  // A confirmed bulk post reopens until its summary is closed. Read once on screen: the phone's storage is not part of
  // a server-rendered Dashboard.
  const [resuming, setResuming] = useState(false)
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- what only the browser has, shown after hydration
    if (readPendingBulkPost(user.id)) setResuming(true)
  }, [user.id])
  return (
    <>
      {(resuming || bulk) && (
        <Suspense fallback={null}>
          <LazyBulkPostDialog
            userId={user.id}
            listingIds={resuming ? [] : (bulk ?? [])}
            resume={resuming}
            ebayConnected={ebayConnected}
            onClose={() => {
              setResuming(false)
              onBulkClosed()
            }}
          />
        </Suspense>
      )}
      {posting && (
        <Suspense fallback={null}>
          <LazyPostToEbayDialog listing={posting} ebayConnected={ebayConnected} onClose={() => onPosting(null)} />
        </Suspense>
      )}
    </>
  )
}
