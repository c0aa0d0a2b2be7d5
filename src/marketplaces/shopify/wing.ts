// Shopify on the app (decision 0074): its Post dialog, its part in the bulk post, its row's line and Import from Shopify
// under the connected marketplaces (decision 0078). Its sign-in takes
// the common callback's ways and words, with its own code exchange; the Connect dialog asks for the store's name from
// its description. The registry (../registry.ts) is the one module that imports this.
import type { ClientMarketplace } from '../client-marketplace.ts'
import { importWhenOnline } from '../import-when-online.tsx'
import { ShopifyPlace } from './ShopifyPlace.tsx'
import { ShopifyPostDialog } from './ShopifyPostDialog.tsx'
import { shopifyDeleting } from './shopify-deleting.ts'
import { shopifyPlace } from './shopify-queries.ts'

export const shopify: ClientMarketplace = {
  id: 'shopify',
  PostDialog: ShopifyPostDialog,
  loadBulkPart: async () => (await import('./shopify-bulk-part.tsx')).shopifyBulkPart,
  RowLines: ShopifyPlace,
  changeUnderWay: (listing) => shopifyPlace(listing)?.revisionStatus === 'pending',
  // A product whose post stopped half way was never for sale there.
  wasListed: (listing) => Boolean(shopifyPlace(listing) && shopifyPlace(listing)?.state !== 'publishing'),
  deleting: shopifyDeleting,
  Connected: importWhenOnline('Shopify', async () => (await import('./ShopifyImport.tsx')).ShopifyImport),
  loadConnect: async () => (await import('./shopify-connect.ts')).shopifyConnect,
}
