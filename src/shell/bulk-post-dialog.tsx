// The bulk post dialog with every marketplace's part, one per Platform: a new marketplace is one entry in the registry
// below. Loaded on the first 'Post N' tap (post-dialogs.tsx), with the parts, not with the Dashboard (decision 0064).
import { PLATFORMS, type Platform } from '../../api/contract/marketplace-paths.ts'
import type { BulkPostPart } from '../components/bulk-post-parts.ts'
import { BulkPostDialog, type BulkPostDialogProps } from '../features/bulk-post/BulkPostDialog.tsx'
import { ebayBulkPart } from '../features/post-to-ebay/ebay-bulk-part.tsx'
import { etsyBulkPart } from '../features/post-to-etsy/etsy-bulk-part.tsx'

const REGISTRY = { ebay: ebayBulkPart, etsy: etsyBulkPart } satisfies Record<Platform, BulkPostPart>
const PARTS = PLATFORMS.map((id) => REGISTRY[id])

export function BulkPostEverywhere(props: BulkPostDialogProps) {
  return <BulkPostDialog {...props} parts={PARTS} />
}
