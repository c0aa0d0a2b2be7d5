// What a listing row says of the listing's life on eBay (docs/product.md §4), besides its status badge: the sale
// (price, date, order number), any order eBay took beyond the stock (sold twice: decision 0030), and where the seller's last change stands there ("Updating on eBay…", "Up to date on
// eBay" while it is for sale, "Ended on eBay" once ended, or eBay's refusal in eBay's words).
import type { Listing } from '../../../api/contract/listing.ts'

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

function revisionText(listing: Listing): { text: string; tone: string } | null {
  switch (listing.ebayRevisionStatus) {
    case 'pending':
      return { text: 'Updating on eBay…', tone: 'text-slate-600' }
    case 'done':
      // Up to date is only news while it is for sale: an ended one says so (Relist puts up what the seller sees), a sold one has its sale line.
      if (listing.platformStatus === 'ended') return { text: 'Ended on eBay', tone: 'text-amber-900' }
      return listing.platformStatus === 'sold' ? null : { text: 'Up to date on eBay', tone: 'text-emerald-800' }
    case 'refused':
      return { text: `Not updated on eBay: ${listing.ebayRevisionMessage ?? ''}`, tone: 'text-red-700' }
    case 'waiting':
      return { text: `Waiting for eBay: ${listing.ebayRevisionMessage ?? ''}`, tone: 'text-amber-800' }
    default:
      return null
  }
}

/** The sale and the revision, each on a line of its own under the row's price; nothing when there is neither. */
export function EbayLifecycleStatus({ listing }: { listing: Listing }) {
  const revision = revisionText(listing)
  const sale = listing.soldAt && listing.soldPrice !== null ? listing : null
  // Listings kept offline from before the field existed have none.
  const oversold = listing.oversoldOrderIds ?? []
  if (!revision && !sale && oversold.length === 0) return null
  return (
    <div className="mt-0.5 space-y-0.5 text-xs">
      {sale && (
        <p className="text-slate-700">
          Sold for ${sale.soldPrice!.toFixed(2)} on {dateOf(sale.soldAt!)} · order {sale.soldOrderId}
          {sale.platformStatus === 'active' && ` · ${sale.quantity} left`}
        </p>
      )}
      {oversold.length > 0 && (
        <p role="alert" className="font-medium text-red-700">
          Sold twice on eBay: order {oversold.join(', ')} has no piece left to send. Cancel it on eBay or settle it with
          the buyer.
        </p>
      )}
      {revision && (
        <p role="status" className={revision.tone}>
          {revision.text}
        </p>
      )}
    </div>
  )
}
