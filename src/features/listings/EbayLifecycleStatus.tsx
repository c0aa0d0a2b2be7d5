// What a listing row says of the listing's life on eBay (docs/product.md §4), besides its status badge: the sale
// (price, date, order number), any order eBay took beyond the stock (sold twice: decision 0030), and where the seller's last change stands there ("Updating on eBay…", "Up to date on
// eBay" while it is for sale, "Ended on eBay" once ended, or eBay's refusal in eBay's words), and for a listing imported
// from ebay.com that only its price and quantity are changed there from Snaplist.
import { lazy, Suspense, useState } from 'react'
import { SOLD_ON_LABELS, saleLabel, type Listing, type SaleRef } from '../../../api/contract/listing.ts'
import type { ShortSettlement } from '../../../api/contract/sale-earnings.ts'
import { endedBySale } from './ended-by-sale.ts'
import { useSettleSoldTwice } from './sales-queries.ts'

/** Where the earnings' code is missing: offline before it was ever loaded. */
function EarningsNeedConnection() {
  return <p className="text-slate-600">What it earned shows once you are online.</p>
}
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
      {oversold.length > 0 && <SoldTwice listing={listing} oversold={oversold} />}
      {revision && (
        <p role="status" className={revision.tone}>
          {revision.text}
        </p>
      )}
    </div>
  )
}

const SETTLE_BUTTON =
  'inline-flex min-h-9 items-center rounded-lg border border-red-200 px-3 text-xs font-semibold text-red-800 hover:bg-red-50'

/**
 * Never hidden: the extra orders, the sale that took the last piece, and what to do (decisions 0030, 0033). They are
 * out of the books until settled: sorted out (cancelled, or settled with the buyer) keeps them out, another piece sent
 * counts them (decision 0056).
 */
function SoldTwice({ listing, oversold }: { listing: Listing; oversold: SaleRef[] }) {
  const settle = useSettleSoldTwice()
  const last = listing.soldOn
    ? saleLabel({ marketplace: listing.soldOn, orderId: listing.soldOrderId ?? listing.soldWhere ?? 'elsewhere' })
    : null
  const places = [...new Set(oversold.map((sale) => sale.marketplace))]
  const where = places.length === 1 && places[0] !== 'elsewhere' ? ` on ${SOLD_ON_LABELS[places[0]!]}` : ''
  const one = oversold.length === 1
  const settleAs = (settledAs: ShortSettlement) => settle.mutate({ id: listing.id, settledAs })
  return (
    <div role="alert" className="font-medium text-red-700">
      <p>
        Sold twice: {oversold.map(saleLabel).join(', ')} {one ? 'has' : 'have'} no piece left to send
        {last ? ` (the last one went to ${last})` : ''}. Cancel {one ? 'it' : 'them'}
        {where} or settle it with the buyer.
      </p>
      <p className="font-normal text-slate-700">
        Left out of your books until you sort {one ? 'it' : 'them'} out: cancelled or settled with the buyer,{' '}
        {one ? 'it stays' : 'they stay'} out; if you send another piece, {one ? 'it counts' : 'they count'}.
      </p>
      <div className="mt-1 flex flex-wrap gap-2">
        <button
          type="button"
          disabled={settle.isPending}
          onClick={() => settleAs('cancelled')}
          className={SETTLE_BUTTON}
        >
          {settle.isPending ? 'Saving...' : 'I have sorted it out'}
        </button>
        <button type="button" disabled={settle.isPending} onClick={() => settleAs('sent')} className={SETTLE_BUTTON}>
          I sent another piece
        </button>
      </div>
    </div>
  )
}
