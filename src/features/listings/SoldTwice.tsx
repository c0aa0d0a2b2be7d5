// A sale beyond the stock on a listing's row (sold twice: decisions 0030, 0033, 0056): the extra orders, the sale that
// took the last piece, what to do, and how the seller settled it, which says whether the books count it.
import type { Listing } from '../../../api/contract/listing.ts'
import { SOLD_ON_LABELS, saleLabel, type SaleRef } from '../../../api/contract/listing-status.ts'
import type { ShortSettlement } from '../../../api/contract/sale-earnings.ts'
import { useSettleSoldTwice } from './sales-queries.ts'

const SETTLE_BUTTON =
  'inline-flex min-h-9 items-center rounded-lg border border-red-200 px-3 text-xs font-semibold text-red-800 hover:bg-red-50'

/**
 * Never hidden: the extra orders, the sale that took the last piece, and what to do (decisions 0030, 0033). They are
 * out of the books until settled: sorted out (cancelled, or settled with the buyer) keeps them out, another piece sent
 * counts them (decision 0056).
 */
export function SoldTwice({ listing, oversold }: { listing: Listing; oversold: SaleRef[] }) {
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
