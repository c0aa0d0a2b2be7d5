// What a listing row says of its sales (docs/product.md §4), besides its status badge: the last sale (price, date,
// where and its order number), what it earned, and any order a marketplace took beyond the stock (sold twice: decision
// 0030). Where it stands on each marketplace is that marketplace's lines (its wing's RowLines), under these.
import { lazy, Suspense, useState } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import { saleLabel } from '../../../api/contract/listing-status.ts'
import { PLATFORMS } from '../../../api/contract/marketplace-paths.ts'

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

/** Where the sale was made and how the seller finds it there: " · on <marketplace> · order 12-345", " · sold at Poshmark". */
function saleSource(listing: Listing): string {
  // Listings kept offline from before the field existed sold on the first marketplace, the one there was then.
  const on = listing.soldOn ?? PLATFORMS[0]
  if (on === 'elsewhere') return listing.soldWhere ? ` · sold at ${listing.soldWhere}` : ' · sold elsewhere'
  return ` · ${saleLabel({ marketplace: on, orderId: listing.soldOrderId ?? '' })}`
}

/** A last sale that came back whole says so first: the row no longer reads as sold. */
const GIVEN_BACK_WORDS: Record<NonNullable<Listing['soldGivenBack']>, string> = {
  cancelled: 'Sale cancelled',
  'back-in-stock': 'Returned',
  damaged: 'Returned damaged',
}

/** "Sold for $39.50 on Dec 7, 2026", or "Sale cancelled: sold for $39.50 on Dec 7, 2026". */
function saleWords(sale: Listing): string {
  const sold = `${sale.soldPrice === null ? 'Sold' : `Sold for $${sale.soldPrice.toFixed(2)}`} on ${dateOf(sale.soldAt!)}`
  // Listings kept offline from before the field existed have none.
  const back = sale.soldGivenBack ?? null
  return back === null ? sold : `${GIVEN_BACK_WORDS[back]}: ${sold.charAt(0).toLowerCase()}${sold.slice(1)}`
}

/** What is left: " · back in stock, 1 left" once a piece came back sellable, " · 1 left", or nothing at none. */
function leftWords(sale: Listing): string {
  if (sale.quantity <= 0) return ''
  const back = sale.soldGivenBack ?? null
  return back === 'cancelled' || back === 'back-in-stock'
    ? ` · back in stock, ${sale.quantity} left`
    : ` · ${sale.quantity} left`
}

/** The sale, each on a line of its own under the row's price; nothing before it sold. */
export function SaleLines({ listing }: { listing: Listing }) {
  const sale = listing.soldAt ? listing : null
  // Listings kept offline from before the field existed have none.
  const oversold = listing.oversoldOrders ?? []
  if (!sale && oversold.length === 0) return null
  return (
    <div className="mt-0.5 space-y-0.5 text-xs">
      {sale && (
        <p className="text-slate-700">
          {saleWords(sale)}
          {saleSource(sale)}
          {leftWords(sale)}
        </p>
      )}
      {sale && <EarningsDisclosure listingId={listing.id} />}
      {oversold.length > 0 && (
        <Suspense fallback={null}>
          <SoldTwice listing={listing} oversold={oversold} />
        </Suspense>
      )}
    </div>
  )
}
