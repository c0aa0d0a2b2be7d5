// The bulk post the Dashboard hands to the listing rows (src/components/post-dialogs.ts), with every marketplace's part
// (bulk-post-dialog.tsx), loaded on the first 'Post N' tap. Here, above the features, so none imports another
// (docs/decisions/0028, 0064). Each marketplace's own Post dialog comes from the registry (src/marketplaces).
import { lazy } from 'react'
import type { BulkPostLauncherProps } from '../components/post-dialogs.ts'
import { BulkPostDialogs } from '../features/bulk-post/BulkPostDialogs.tsx'

const BulkPostDialog = lazy(async () => ({
  default: await (await import('./bulk-post-dialog.tsx')).loadBulkPostEverywhere(),
}))

export function DashboardBulkPost(props: BulkPostLauncherProps) {
  return <BulkPostDialogs {...props} Dialog={BulkPostDialog} />
}
