// Import from Shopify (issue 49, docs/decisions/0078): the store's products become listings, in Shopify's words.
import { MarketplaceImport } from '../MarketplaceImport.tsx'

const WORDS = {
  name: 'Shopify',
  invite: 'Products already on your store? Bring them into Snaplist, photos and all.',
  done: 'Each product is a listing, live on your store as it was.',
  skipped: (count: number) => `${count} skipped (they stay on your store as they are):`,
}

export const ShopifyImport = () => <MarketplaceImport platform="shopify" words={WORDS} />
