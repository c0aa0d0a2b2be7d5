// The post dialogs the Dashboard hands to the listing rows (src/components/post-dialogs.ts): eBay's for one listing,
// and the bulk post with every marketplace's part (bulk-post-dialog.tsx), loaded on the first 'Post N' tap. Here,
// above the features, so none imports another (docs/decisions/0028, 0064).
import { lazy } from 'react'
import type { PostDialogsProps } from '../components/post-dialogs.ts'
import { BulkPostDialogs } from '../features/bulk-post/BulkPostDialogs.tsx'
import { EbayPostDialogs } from '../features/post-to-ebay/EbayPostDialogs.tsx'

const BulkPostDialog = lazy(async () => ({ default: (await import('./bulk-post-dialog.tsx')).BulkPostEverywhere }))

export function DashboardPostDialogs({ bulk, onBulkClosed, ...one }: PostDialogsProps) {
  return (
    <>
      <EbayPostDialogs {...one} />
      <BulkPostDialogs bulk={bulk} onBulkClosed={onBulkClosed} Dialog={BulkPostDialog} />
    </>
  )
}
