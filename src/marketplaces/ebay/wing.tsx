// eBay on the app (docs/decisions/0068): its Post dialog, its part in the bulk post, its row's pill, quick Post and
// lines, Import from eBay under the connected marketplaces, its popup's report on the Dashboard, and its callback's
// part. The registry (../registry.ts) is the one module that imports this.
import { lazy } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import type { ClientMarketplace } from '../client-marketplace.ts'
import { importWhenOnline } from '../import-when-online.tsx'
import { ebayDeleting } from './ebay-deleting.ts'
import { EbayPostDialog } from './EbayPostDialog.tsx'
import { EbayRowAction } from './EbayRowAction.tsx'
import { EbayRowLines } from './EbayRowLines.tsx'
import { listenForPopup } from './ebay-popup.ts'

const EbayCategoryField = lazy(async () => ({ default: (await import('./EbayCategoryField.tsx')).EbayCategoryField }))
const EbayImport = importWhenOnline('eBay', async () => (await import('./EbayImport.tsx')).EbayImport)

export const ebay: ClientMarketplace = {
  id: 'ebay',
  PostDialog: EbayPostDialog,
  loadBulkPart: async () => (await import('./ebay-bulk-part.tsx')).ebayBulkPart,
  RowAction: EbayRowAction,
  RowLines: EbayRowLines,
  changeUnderWay: (listing) => listing.ebayRevisionStatus === 'pending',
  // Where the server's relist finds it: a listing eBay has an item of.
  wasListed: (listing: Listing) => listing.platformListingId?.startsWith('ebay-') ?? false,
  // A listing imported from ebay.com (docs/decisions/0037): only its Price and Quantity reach eBay from Snaplist.
  editNote: (listing) =>
    listing.ebayImported === 'trading'
      ? 'Made on ebay.com: Snaplist sends its Price and Quantity to eBay. Its title, photos, description, condition and item specifics cannot be changed from Snaplist: change them on eBay (what you change here stays on Snaplist and your other marketplaces).'
      : null,
  CategoryField: EbayCategoryField,
  deleting: ebayDeleting,
  Connected: EbayImport,
  listenForReturn: listenForPopup,
  loadConnect: async () => (await import('./ebay-connect.ts')).ebayConnect,
}
