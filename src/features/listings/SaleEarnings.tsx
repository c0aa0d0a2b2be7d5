// What a listing's sales earned (issue 32, docs/decisions/0042), opened from its sale line: for each sale, what the
// buyer paid with shipping, the marketplace's fees (estimated, with how, until the marketplace reports them), the label
// bought there, the cost the seller entered, and the profit; a sale that sold a piece no longer there is to cancel and
// counts nothing until the seller settles it (decision 0056). A sale the buyer returned is marked here, one tap:
// "Returned — back in stock" or "Returned — damaged" (decision 0070), asked where the marketplace reported a return or
// a refund, else folded under "It came back…"; below, the listing's history (decision 0073). Read from the server when opened: the figures are the
// server's (the marketplaces' fees arrive there), so this code stays out of the offline copy (vite.config.ts).
import { useQuery } from '@tanstack/react-query'
import { SALE_STANDING_LABELS, type SaleEarnings as Sale } from '../../../api/contract/sale-earnings.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'
import { listingKeys } from '../../queries/listing-queries.ts'
import { Button } from '../../components/ui/Button.tsx'
import { ListingHistory } from './ListingHistory.tsx'
import { useSaleReturned } from './sales-queries.ts'

const dollars = (value: number) => `$${value.toFixed(2)}`
const FEES_WORDS: Record<Sale['feesState'], string> = {
  estimated: 'estimated',
  read: 'as reported so far',
  settled: 'final',
  entered: 'as you entered them',
}

/** A sale beyond the stock, as the books take it (docs/decisions/0056); nothing for a plain sale. */
const STANDING_NOTES: Record<Exclude<Sale['standing'], 'sold'>, string> = {
  'to-cancel': 'It sold more than you had. What was not there is not counted until you sort it out on the row.',
  cancelled: 'Cancelled without sending it: not counted.',
  sent: 'You sent the buyer another piece: counted.',
  'back-in-stock': 'The buyer sent it back and it is for sale again: not counted.',
  damaged: 'The buyer sent it back damaged: not counted, and not back in stock.',
}

/** A sale none of whose pieces count (to cancel, or cancelled): said so, without figures that are not in the books. */
function UncountedSale({ sale, where }: { sale: Sale; where: string }) {
  const label = SALE_STANDING_LABELS[sale.standing]
  const note = sale.standing === 'sold' ? '' : STANDING_NOTES[sale.standing]
  return (
    <section role="group" aria-label={`Sold ${sale.quantity} on ${where}`} className="rounded-md bg-amber-50 p-2">
      <p>
        <span className="font-semibold text-amber-900">{label}</span> · {`Sold ${sale.quantity} on ${where}`}
      </p>
      <p className="mt-1 text-slate-700">{note}</p>
    </section>
  )
}

/**
 * The two answers to a return, one tap each: shown with the question where the marketplace reported the return or a
 * refund, otherwise folded under "It came back…" (a return the marketplace did not report is rare, and every sale
 * offering them read as if each had been returned).
 */
function ReturnActions({ sale, listingId }: { sale: Sale; listingId: number }) {
  const returned = useSaleReturned()
  const mark = (returnedAs: 'back-in-stock' | 'damaged') =>
    returned.mutate({ id: listingId, returned: { marketplace: sale.marketplace, saleId: sale.saleId, returnedAs } })
  const answers = (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <Button variant="secondary" disabled={returned.isPending} onClick={() => mark('back-in-stock')}>
        Returned — back in stock
      </Button>
      <Button variant="secondary" disabled={returned.isPending} onClick={() => mark('damaged')}>
        Returned — damaged
      </Button>
    </div>
  )
  if (sale.returnState === 'reported' || sale.refunded > 0)
    return (
      <div className="mt-2">
        <p className="font-semibold text-amber-900">
          {sale.returnState === 'reported'
            ? 'The buyer sent it back and was refunded. Is it sellable?'
            : 'The buyer was refunded. If it came back, is it sellable?'}
        </p>
        {answers}
      </div>
    )
  return (
    <details className="mt-2">
      <summary className="cursor-pointer text-slate-700">It came back…</summary>
      {answers}
    </details>
  )
}

function SaleFigures({ sale, listingId }: { sale: Sale; listingId: number }) {
  const where = sale.marketplace === 'elsewhere' ? (sale.orderId ?? 'elsewhere') : SOLD_ON_LABELS[sale.marketplace]
  if (sale.counted === 0) return <UncountedSale sale={sale} where={where} />
  const standing = sale.standing === 'sold' ? null : sale.standing
  const rows: [string, string][] = [
    [`Sold ${sale.counted} on ${where}`, sale.sale === null ? 'price not given' : dollars(sale.sale)],
    ...(sale.shipping ? [['Shipping paid', dollars(sale.shipping)] as [string, string]] : []),
    ...(sale.refunded ? [['Refunded', `−${dollars(sale.refunded)}`] as [string, string]] : []),
    [`Fees, ${FEES_WORDS[sale.feesState]}`, `−${dollars(sale.fees)}`],
    ...(sale.label ? [['Shipping label', `−${dollars(sale.label)}`] as [string, string]] : []),
    ['Cost', sale.cost === null ? 'not entered' : `−${dollars(sale.cost)}`],
  ]
  return (
    <section role="group" aria-label={`Sold ${sale.quantity} on ${where}`} className="rounded-md bg-slate-50 p-2">
      {standing && (
        <p className="mb-1 font-semibold text-amber-900">
          {SALE_STANDING_LABELS[standing]} · {STANDING_NOTES[standing]}
        </p>
      )}
      <dl className="grid grid-cols-[1fr_auto] gap-x-3">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt>{label}</dt>
            <dd className="text-right tabular-nums">{value}</dd>
          </div>
        ))}
        <dt className="font-semibold">Profit</dt>
        <dd className="text-right font-semibold tabular-nums">
          {sale.profit === null ? 'needs the price and cost' : dollars(sale.profit)}
        </dd>
      </dl>
      {sale.estimateBasis && <p className="mt-1 text-slate-600">Fees estimated from {sale.estimateBasis}.</p>}
      {sale.marketplace !== 'elsewhere' && <ReturnActions sale={sale} listingId={listingId} />}
    </section>
  )
}

export function SaleEarnings({ listingId }: { listingId: number }) {
  const sales = useQuery({
    queryKey: [...listingKeys.all, listingId, 'sales'],
    queryFn: ({ signal }) =>
      okJson(api.listings[':id'].sales.$get({ param: { id: String(listingId) } }, cancelledBy(signal))),
  })
  if (sales.isPending) return <p className="text-slate-600">Reading the sales…</p>
  if (sales.isError) return <p className="text-red-700">The sales could not be read. Try again when you are online.</p>
  return (
    <div className="mt-1 space-y-1">
      {sales.data.sales.map((sale, index) => (
        <SaleFigures key={`${sale.soldAt}-${index}`} sale={sale} listingId={listingId} />
      ))}
      <ListingHistory steps={sales.data.history} />
    </div>
  )
}
