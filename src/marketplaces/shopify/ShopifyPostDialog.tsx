// The Dashboard's Post to Shopify dialog, opened from a listing row's menu (the registry's PostDialog): its code loads
// on the first Post to Shopify tap, not with the Dashboard.
import { lazy, Suspense } from 'react'
import type { PostDialogProps } from '../client-marketplace.ts'

const LazyPostToShopifyDialog = lazy(async () => ({
  default: (await import('./PostToShopifyDialog.tsx')).PostToShopifyDialog,
}))

export function ShopifyPostDialog({ listing, onPosting }: PostDialogProps) {
  if (!listing) return null
  return (
    <Suspense fallback={null}>
      <LazyPostToShopifyDialog listing={listing} onClose={() => onPosting(null)} />
    </Suspense>
  )
}
