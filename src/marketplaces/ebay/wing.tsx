// eBay on the app (docs/decisions/0068): its Post dialog, its part in the bulk post, its row's pill, quick Post and
// lines, Import from eBay under the connected marketplaces, its popup's report on the Dashboard, and its callback's
// part. The registry (../registry.ts) is the one module that imports this.
import type { Listing } from '../../../api/contract/listing.ts'
import { deferred } from '../../lib/deferred.tsx'
import type { ClientMarketplace } from '../client-marketplace.ts'
import { ebayDeleting } from './ebay-deleting.ts'
import { EbayPostDialog } from './EbayPostDialog.tsx'
import { EbayRowAction } from './EbayRowAction.tsx'
import { EbayRowLines } from './EbayRowLines.tsx'
import { listenForPopup } from './ebay-popup.ts'

function ImportNeedsConnection() {
  return <p className="mt-3 text-sm text-slate-600">Import from eBay shows once you are online.</p>
}
// Import from eBay works only with the server: its code loads after the Dashboard's first screen and is not kept for
// offline use (vite.config.ts, ONLINE_ONLY).
const EbayImport = deferred(() =>
  import('./EbayImport.tsx').then(
    (module) => module.EbayImport,
    () => ImportNeedsConnection,
  ),
)

export const ebay: ClientMarketplace = {
  id: 'ebay',
  PostDialog: EbayPostDialog,
  loadBulkPart: async () => (await import('./ebay-bulk-part.tsx')).ebayBulkPart,
  RowAction: EbayRowAction,
  RowLines: EbayRowLines,
  changeUnderWay: (listing) => listing.ebayRevisionStatus === 'pending',
  // Where the server's relist finds it: a listing eBay has an item of.
  wasListed: (listing: Listing) => listing.platformListingId?.startsWith('ebay-') ?? false,
  deleting: ebayDeleting,
  Connected: EbayImport,
  listenForReturn: listenForPopup,
  loadConnect: async () => (await import('./ebay-connect.ts')).ebayConnect,
}
