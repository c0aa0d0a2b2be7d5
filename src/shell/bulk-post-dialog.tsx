// The bulk post dialog with every marketplace's part, one per marketplace from the registry (src/marketplaces): loaded
// on the first 'Post N' tap (post-dialogs.tsx), with the parts, not with the Dashboard (decision 0064).
import type { ComponentType } from 'react'
import { BulkPostDialog, type BulkPostDialogProps } from '../features/bulk-post/BulkPostDialog.tsx'
import { MARKETPLACE_WINGS } from '../marketplaces/registry.ts'

/** The dialog once every marketplace's part has loaded. */
export async function loadBulkPostEverywhere(): Promise<ComponentType<BulkPostDialogProps>> {
  const parts = await Promise.all(MARKETPLACE_WINGS.map((wing) => wing.loadBulkPart()))
  return function BulkPostEverywhere(props: BulkPostDialogProps) {
    return <BulkPostDialog {...props} parts={parts} />
  }
}
