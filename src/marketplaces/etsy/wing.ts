// Etsy on the app (docs/decisions/0068): its Post dialog, its part in the bulk post and its row's line. Its sign-in
// takes the common callback's ways and words, with its own code exchange. The registry (../registry.ts) is the one module that imports this.
import type { ClientMarketplace } from '../client-marketplace.ts'
import { EtsyPlace } from './EtsyPlace.tsx'
import { EtsyPostDialog } from './EtsyPostDialog.tsx'

export const etsy: ClientMarketplace = {
  id: 'etsy',
  PostDialog: EtsyPostDialog,
  loadBulkPart: async () => (await import('./etsy-bulk-part.tsx')).etsyBulkPart,
  RowLines: EtsyPlace,
  changeUnderWay: (listing) => listing.etsyRevisionStatus === 'pending',
  // A draft on Etsy was never for sale there.
  wasListed: (listing) => Boolean(listing.etsyStatus && listing.etsyStatus !== 'draft'),
  loadConnect: async () => (await import('./etsy-connect.ts')).etsyConnect,
}
