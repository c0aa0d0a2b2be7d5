// The sales behind a figure the seller opened (the Insights', the tax year's): newest first, a page at a time, each
// ending with its profit, or with its part of the figure opened (its gross, refund, fees, label, cost: those parts add
// up to the figure, to the cent), and its listing to open. They open below every figure, out of sight on a phone: each
// opening brings them into view and takes the focus there, so a screen reader is taken to them too.
import { useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import type { InsightSale } from '../../api/contract/insights.ts'
import { SOLD_ON_LABELS } from '../../api/contract/listing-status.ts'
import { SALE_STANDING_LABELS } from '../../api/contract/sale-earnings.ts'
import { exactMoney, money } from '../lib/money.ts'
import { salesBehindQuery, type SalesBehind as Behind } from '../queries/sales-behind-queries.ts'
import { ListingLink } from './ListingLink.tsx'
import { Button } from './ui/Button.tsx'

/** A sale's part of each figure that opens its sales, as the sums behind the figure count it (api/db/insights.ts). */
const PARTS = {
  gross: (sale: InsightSale) => (sale.sale ?? 0) + sale.shipping,
  refund: (sale: InsightSale) => sale.refunded,
  fees: (sale: InsightSale) => sale.fees,
  label: (sale: InsightSale) => sale.label,
  cost: (sale: InsightSale) => sale.cost ?? 0,
}
/** What each row ends with: its profit, or its part of the figure opened. */
export type SaleFigure = 'profit' | keyof typeof PARTS

function Ending({ sale, figure }: { sale: InsightSale; figure: SaleFigure }) {
  if (sale.counted === 0) return '—'
  if (figure !== 'profit') return exactMoney(PARTS[figure](sale))
  return sale.profit === null ? 'no cost' : money(sale.profit)
}

const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' })

interface SalesBehindProps {
  behind: Behind
  title: string
  /** Counts the openings: each one (the same figure's again too) brings the list into view. */
  opening: number
  figure?: SaleFigure
}

export function SalesBehind({ behind, title, opening, figure = 'profit' }: SalesBehindProps) {
  const sales = useInfiniteQuery(salesBehindQuery(behind))
  const rows = sales.data?.pages.flatMap((page) => page.sales) ?? []
  const section = useRef<HTMLElement>(null)
  useEffect(() => {
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches
    section.current?.scrollIntoView({ behavior: still ? 'auto' : 'smooth', block: 'start' })
    section.current?.focus({ preventScroll: true })
  }, [opening])
  return (
    <section
      ref={section}
      tabIndex={-1}
      aria-label={title}
      // Clear of the sticky header when scrolled to (a style: this screen is never rendered by the server).
      style={{ scrollMarginTop: '8rem' }}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-none"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {sales.isPending && <p className="mt-2 text-sm text-slate-600">Reading the sales…</p>}
      {sales.isError && <p className="mt-2 text-sm text-red-700">The sales could not be read. Try again.</p>}
      {sales.isSuccess && rows.length === 0 && <p className="mt-2 text-sm text-slate-600">No sales.</p>}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {rows.map((sale, index) => (
          <li key={`${sale.soldAt}-${index}`} className="flex items-baseline justify-between gap-3 py-2">
            <div className="min-w-0">
              {sale.listingId === null ? (
                <span className="font-medium text-slate-900">{sale.title ?? 'A deleted listing'}</span>
              ) : (
                <ListingLink id={sale.listingId} title={sale.title ?? ''} />
              )}
              <p className="text-xs text-slate-600">
                {dayOf(sale.soldAt)} · {SOLD_ON_LABELS[sale.marketplace]}
                {sale.counted === 0 ? (
                  // Sold twice (docs/decisions/0056): in none of the figures.
                  ` · ${SALE_STANDING_LABELS[sale.standing]}: not counted`
                ) : (
                  <>
                    {sale.sale === null ? '' : ` · ${money(sale.sale + sale.shipping)} in`} · fees {money(sale.fees)}
                    {sale.feesState === 'estimated' ? ' (estimated)' : ''}
                  </>
                )}
              </p>
            </div>
            <span className="shrink-0 font-semibold tabular-nums text-slate-900">
              <Ending sale={sale} figure={figure} />
            </span>
          </li>
        ))}
      </ul>
      {sales.hasNextPage && (
        <Button variant="secondary" onClick={() => void sales.fetchNextPage()} disabled={sales.isFetchingNextPage}>
          {sales.isFetchingNextPage ? 'Loading…' : 'More sales'}
        </Button>
      )}
    </section>
  )
}
