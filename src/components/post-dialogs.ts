// The Post to eBay and Post to Etsy dialogs as the Dashboard's listing rows see them: the listings feature opens them,
// the post-to-ebay and post-to-etsy features draw them, and none imports another; the Dashboard (src/shell/dashboard.tsx)
// hands them to the listings.
import type { Listing } from '../../api/contract/listing.ts'

export interface PostDialogsProps {
  /** The rows loaded so far: back from eBay's consent, the Post to eBay dialog reopens for one of them. */
  listings: Listing[] | undefined
  /** The listing whose Post to eBay dialog is open. */
  posting: Listing | null
  onPosting: (listing: Listing | null) => void
  /** The listings 'Post N' sends at once, to every connected marketplace; null: none chosen. */
  bulk: number[] | null
  onBulkClosed: () => void
}

/** The Post to Etsy dialog, handed to the listing rows the same way (src/features/post-to-etsy draws it). */
export interface EtsyPostDialogProps {
  /** The listing whose Post to Etsy dialog is open; null: closed. */
  listing: Listing | null
  onClose: () => void
}
