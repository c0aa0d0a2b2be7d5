// Shopify's part in the bulk post (src/components/bulk-post-parts.ts): its section, its Post to Shopify dialog for a
// listing that needs more, and its words for a refusal. Loaded with the bulk post dialog through the registry.
import type { BulkPostPart } from '../../components/bulk-post-parts.ts'
import { PostToShopifyDialog } from './PostToShopifyDialog.tsx'
import { ShopifyBulkSection } from './ShopifyBulkSection.tsx'
import { isLiveOnShopify } from './shopify-queries.ts'

const RECONNECT_CODES = ['shopify_reconnect_needed', 'shopify_grant_refused', 'marketplace_connection_lapsed']

export const shopifyBulkPart: BulkPostPart = {
  id: 'shopify',
  name: 'Shopify',
  Section: ShopifyBulkSection,
  PostDialog: PostToShopifyDialog,
  isLive: isLiveOnShopify,
  refusalReason: (code, message) => ({
    reason:
      code === 'not_found'
        ? 'This listing is no longer on Snaplist.'
        : (message ?? 'Failed to post listing to Shopify'),
    reconnect: code !== null && RECONNECT_CODES.includes(code),
  }),
}
