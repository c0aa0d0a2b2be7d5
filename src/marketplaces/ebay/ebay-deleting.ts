// What deleting a listing live on eBay does (docs/product.md §7): the server ends it on eBay first, and a sale made
// there before it ended keeps it on Snaplist as sold (docs/decisions/0023). Keeping it for sale on eBay while Snaplist
// forgets it is not offered: a sale of it would then be seen nowhere.
import { isPostedToSpecMarketplace } from '../../../api/contract/listing-status.ts'
import type { DeletingPart } from '../client-marketplace.ts'

export const ebayDeleting: DeletingPart = {
  ends: isPostedToSpecMarketplace,
  confirm: 'End on eBay and delete',
  note: (title) => [
    `“${title}” is live on eBay. Deleting ends it on eBay first, then deletes it and its photos from Snaplist. This cannot be undone.`,
    'If it sells on eBay before it has ended, it stays here as sold, so you can ship it.',
    'To keep it for sale on eBay, keep it on Snaplist: Snaplist tracks its sales.',
  ],
}
