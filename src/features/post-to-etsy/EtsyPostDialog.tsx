// The Dashboard's Post to Etsy dialog, opened from a listing row's menu (src/components/post-dialogs.ts): its code,
// the answers form included, loads on the first Post to Etsy tap, not with the Dashboard.
import { lazy, Suspense } from 'react'
import type { EtsyPostDialogProps } from '../../components/post-dialogs.ts'

const LazyPostToEtsyDialog = lazy(async () => ({ default: (await import('./PostToEtsyDialog.tsx')).PostToEtsyDialog }))

export function EtsyPostDialog({ listing, onClose }: EtsyPostDialogProps) {
  if (!listing) return null
  return (
    <Suspense fallback={null}>
      <LazyPostToEtsyDialog listing={listing} onClose={onClose} />
    </Suspense>
  )
}
