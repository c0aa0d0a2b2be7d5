// Where a listing stands on eBay, under the row's sale lines (docs/product.md §4): where the seller's last change
// stands there ("Updating on eBay…", "Up to date on eBay" while it is for sale, "Ended on eBay" once ended, or eBay's
// refusal in eBay's words), and for a listing imported from ebay.com that only its price and quantity change there.
import type { Listing } from '../../../api/contract/listing.ts'
import { endedBySale } from '../../lib/ended-by-sale.ts'

function revisionText(listing: Listing): { text: string; tone: string } | null {
  switch (listing.ebayRevisionStatus) {
    case 'pending':
      return { text: 'Updating on eBay…', tone: 'text-slate-600' }
    case 'done': {
      // Up to date is only news while it is for sale: an ended one says so (Relist puts up what the seller sees), a sold
      // one has its sale line, and says so when another marketplace's sale ended it here (issue 47).
      if (listing.platformStatus === 'ended') return { text: 'Ended on eBay', tone: 'text-amber-900' }
      const ended = endedBySale(listing, 'ebay')
      if (listing.platformStatus === 'sold') return ended ? { text: ended, tone: 'text-amber-900' } : null
      return { text: 'Up to date on eBay', tone: 'text-emerald-800' }
    }
    case 'refused':
      return { text: `Not updated on eBay: ${listing.ebayRevisionMessage ?? ''}`, tone: 'text-red-700' }
    case 'waiting':
      return { text: `Waiting for eBay: ${listing.ebayRevisionMessage ?? ''}`, tone: 'text-amber-800' }
    default:
      return null
  }
}

export function EbayRowLines({ listing }: { listing: Listing }) {
  const revision = revisionText(listing)
  // Imported from ebay.com (docs/decisions/0037): said while it is for sale there, so an edit's reach is no surprise.
  const madeOnEbay = listing.ebayImported === 'trading' && listing.platformStatus === 'active'
  if (!revision && !madeOnEbay) return null
  return (
    <div className="mt-0.5 space-y-0.5 text-xs">
      {madeOnEbay && (
        <p className="text-slate-600">Made on ebay.com: Snaplist changes its price and quantity there, nothing else</p>
      )}
      {revision && (
        <p role="status" className={revision.tone}>
          {revision.text}
        </p>
      )}
    </div>
  )
}
