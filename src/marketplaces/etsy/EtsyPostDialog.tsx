// The Dashboard's Post to Etsy dialog, opened from a listing row's menu (the registry's PostDialog): its code, the
// answers form included, loads on the first Post to Etsy tap, not with the Dashboard.
import { lazy, Suspense } from 'react'
import type { PostDialogProps } from '../client-marketplace.ts'

const LazyPostToEtsyDialog = lazy(async () => ({ default: (await import('./PostToEtsyDialog.tsx')).PostToEtsyDialog }))

export function EtsyPostDialog({ listing, onPosting }: PostDialogProps) {
  if (!listing) return null
  return (
    <Suspense fallback={null}>
      <LazyPostToEtsyDialog listing={listing} onClose={() => onPosting(null)} />
    </Suspense>
  )
}
