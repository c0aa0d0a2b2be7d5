// What a listing's sales earned (issue 32, docs/decisions/0042), opened from its sale line: for each sale, what the
// buyer paid with shipping, the marketplace's fees (estimated, with how, until the marketplace reports them), the label
// bought there, the cost the seller entered, and the profit. Read from the server when opened: the figures are the
// server's (the marketplaces' fees arrive there), so this code stays out of the offline copy (vite.config.ts).
import { useQuery } from '@tanstack/react-query'
import type { SaleEarnings as Sale } from '../../../api/contract/sale-earnings.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing.ts'
import { api, cancelledBy, okJson } from '../../lib/api.ts'
import { listingKeys } from '../../queries/listing-queries.ts'

const dollars = (value: number) => `$${value.toFixed(2)}`
const FEES_WORDS: Record<Sale['feesState'], string> = {
  estimated: 'estimated',
  read: 'as reported so far',
  settled: 'final',
  entered: 'as you entered them',
}

function SaleFigures({ sale }: { sale: Sale }) {
  const where = sale.marketplace === 'elsewhere' ? (sale.orderId ?? 'elsewhere') : SOLD_ON_LABELS[sale.marketplace]
  const rows: [string, string][] = [
    [`Sold ${sale.quantity} on ${where}`, sale.sale === null ? 'price not given' : dollars(sale.sale)],
    ...(sale.shipping ? [['Shipping paid', dollars(sale.shipping)] as [string, string]] : []),
    [`Fees, ${FEES_WORDS[sale.feesState]}`, `−${dollars(sale.fees)}`],
    ...(sale.label ? [['Shipping label', `−${dollars(sale.label)}`] as [string, string]] : []),
    ['Cost', sale.cost === null ? 'not entered' : `−${dollars(sale.cost)}`],
  ]
  return (
    <div className="rounded-md bg-slate-50 p-2">
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
    </div>
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
        <SaleFigures key={`${sale.soldAt}-${index}`} sale={sale} />
      ))}
    </div>
  )
}
