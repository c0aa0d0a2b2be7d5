// What deleting a listing live on Shopify does: the server ends it on the store first (decision 0023's order), and a
// sale made there before it ended keeps it on Snaplist as sold.
import type { DeletingPart } from '../client-marketplace.ts'
import { isLiveOnShopify } from './shopify-queries.ts'

export const shopifyDeleting: DeletingPart = {
  ends: isLiveOnShopify,
  confirm: 'End on Shopify and delete',
  note: (title) => [
    `“${title}” is live on your Shopify store. Deleting ends it there first, then deletes it and its photos from Snaplist. This cannot be undone.`,
    'If it sells on Shopify before it has ended, it stays here as sold, so you can ship it.',
  ],
}
