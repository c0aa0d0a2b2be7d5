// The post dialogs the Dashboard hands to the listing rows (src/components/post-dialogs.ts): eBay's for one listing,
// and the bulk post with every marketplace's part, one per Platform (the registry below), loaded on the first
// 'Post N' tap. Here, above the features, so none imports another (docs/decisions/0028, 0064).
import { lazy } from 'react'
import { PLATFORMS, type Platform } from '../../api/contract/marketplace-paths.ts'
import type { BulkPostPart } from '../components/bulk-post-parts.ts'
import type { PostDialogsProps } from '../components/post-dialogs.ts'
import type { BulkPostDialogProps } from '../features/bulk-post/BulkPostDialog.tsx'
import { BulkPostDialogs } from '../features/bulk-post/BulkPostDialogs.tsx'
import { EbayPostDialogs } from '../features/post-to-ebay/EbayPostDialogs.tsx'

const BulkPostDialog = lazy(async () => {
  const [{ BulkPostDialog: Dialog }, { ebayBulkPart }, { etsyBulkPart }] = await Promise.all([
    import('../features/bulk-post/BulkPostDialog.tsx'),
    import('../features/post-to-ebay/ebay-bulk-part.tsx'),
    import('../features/post-to-etsy/etsy-bulk-part.tsx'),
  ])
  // Every marketplace's part, in the contract's order: a new marketplace is one entry here.
  const registry = { ebay: ebayBulkPart, etsy: etsyBulkPart } satisfies Record<Platform, BulkPostPart>
  const parts = PLATFORMS.map((id) => registry[id])
  return { default: (props: BulkPostDialogProps) => <Dialog {...props} parts={parts} /> }
})

export function DashboardPostDialogs({ bulk, onBulkClosed, ...one }: PostDialogsProps) {
  return (
    <>
      <EbayPostDialogs {...one} />
      <BulkPostDialogs bulk={bulk} onBulkClosed={onBulkClosed} Dialog={BulkPostDialog} />
    </>
  )
}
