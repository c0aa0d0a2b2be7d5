// What a listing row says of the listing's life on eBay (docs/product.md §4), besides its status badge: the sale
// (price, date, order number), any order eBay took beyond the stock (sold twice: decision 0030), and where the seller's last change stands there ("Updating on eBay…", "Up to date on
// eBay" while it is for sale, "Ended on eBay" once ended, or eBay's refusal in eBay's words), and for a listing imported
// from ebay.com that only its price and quantity are changed there from Snaplist.
import { lazy, Suspense, useState } from 'react'
import { saleLabel, type Listing } from '../../../api/contract/listing.ts'
import { endedBySale } from './ended-by-sale.ts'

/** Where the earnings' code is missing: offline before it was ever loaded. */
function EarningsNeedConnection() {
  return <p className="text-slate-600">What it earned shows once you are online.</p>
}
// Sold twice is rare: its words and choices load with the first row that has one, not with every Dashboard.
const SoldTwice = lazy(async () => ({ default: (await import('./SoldTwice.tsx')).SoldTwice }))
// The figures are the server's, so their code stays out of the phone's offline copy (vite.config.ts, ONLINE_ONLY).
const SaleEarnings = lazy(() =>
  import('./SaleEarnings.tsx').then(
    (module) => ({ default: module.SaleEarnings }),
    () => ({ default: EarningsNeedConnection }),
  ),
)

/** "What it earned", opened under the sale line: the sales with their fees, cost and profit, read when opened. */
function EarningsDisclosure({ listingId }: { listingId: number }) {
  const [open, setOpen] = useState(false)
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="inline-flex min-h-6 cursor-pointer items-center font-medium text-indigo-700">
        What it earned
      </summary>
      {open && (
        <Suspense fallback={<p className="text-slate-600">Reading the sales…</p>}>
          <SaleEarnings listingId={listingId} />
        </Suspense>
      )}
    </details>
  )
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

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

/** Where the sale was made and how the seller finds it there: "on eBay · order 12-345", "on Etsy · receipt 9", "at Poshmark". */
function saleSource(listing: Listing): string {
  // Listings kept offline from before the field existed sold on eBay, the one marketplace then.
  const on = listing.soldOn ?? 'ebay'
  if (on === 'elsewhere') return listing.soldWhere ? ` · sold at ${listing.soldWhere}` : ' · sold elsewhere'
  return ` · ${saleLabel({ marketplace: on, orderId: listing.soldOrderId ?? '' })}`
}

/** The sale and the revision, each on a line of its own under the row's price; nothing when there is neither. */
export function EbayLifecycleStatus({ listing }: { listing: Listing }) {
  const revision = revisionText(listing)
  const sale = listing.soldAt ? listing : null
  // Listings kept offline from before the field existed have none.
  const oversold = listing.oversoldOrders ?? []
  // Imported from ebay.com (docs/decisions/0037): said while it is for sale there, so an edit's reach is no surprise.
  const madeOnEbay = listing.ebayImported === 'trading' && listing.platformStatus === 'active'
  if (!revision && !sale && oversold.length === 0 && !madeOnEbay) return null
  return (
    <div className="mt-0.5 space-y-0.5 text-xs">
      {madeOnEbay && (
        <p className="text-slate-600">Made on ebay.com: Snaplist changes its price and quantity there, nothing else</p>
      )}
      {sale && (
        <p className="text-slate-700">
          {sale.soldPrice === null ? 'Sold' : `Sold for $${sale.soldPrice.toFixed(2)}`} on {dateOf(sale.soldAt!)}
          {saleSource(sale)}
          {sale.quantity > 0 && ` · ${sale.quantity} left`}
        </p>
      )}
      {sale && <EarningsDisclosure listingId={listing.id} />}
      {oversold.length > 0 && (
        <Suspense fallback={null}>
          <SoldTwice listing={listing} oversold={oversold} />
        </Suspense>
      )}
      {revision && (
        <p role="status" className={revision.tone}>
          {revision.text}
        </p>
      )}
    </div>
  )
}
