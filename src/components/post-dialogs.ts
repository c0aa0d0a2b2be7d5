// The Post to eBay dialogs as the Dashboard's listing rows see them: the listings feature opens them, the post-to-ebay
// feature draws them, and neither imports the other; the Dashboard (src/shell/dashboard.tsx) hands one to the other.
import type { Listing } from '../../api/contract/listing.ts'

export interface PostDialogsProps {
  /** The rows loaded so far: back from eBay's consent, the Post to eBay dialog reopens for one of them. */
  listings: Listing[] | undefined
  /** The listing whose Post to eBay dialog is open. */
  posting: Listing | null
  onPosting: (listing: Listing | null) => void
  /** The listings 'Post N to eBay' sends at once; null: none chosen. */
  bulk: number[] | null
  onBulkClosed: () => void
}
