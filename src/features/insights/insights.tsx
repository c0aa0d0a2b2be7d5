// The Insights screen (/insights, issue 32, docs/decisions/0043): for the period chosen, what the seller took in and
// kept (revenue, profit, items sold, sell-through, days to sell), what they hold at cost, by month (a chart and a list)
// and by marketplace, and the listings live longest, the candidates for a price drop. Every figure opens the sales
// behind it. Read from the server: this screen and its chart library are not kept for offline use (vite.config.ts).
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { DayRange } from '../../../api/contract/day-range.ts'
import type { Insights, SalesFigures } from '../../../api/contract/insights.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import { ListingLink } from '../../components/ListingLink.tsx'
import { SalesBehind } from '../../components/SalesBehind.tsx'
import { money } from '../../lib/money.ts'
import type { SalesBehind as Behind } from '../../queries/sales-behind-queries.ts'
import { insightsQuery } from './insights-queries.ts'
import { daysOfMonth, monthName } from './months.ts'
import { MonthsChart } from './MonthsChart.tsx'

const PERIODS = {
  'last-12-months': 'Last 12 months',
  'this-year': 'This year',
  'all-time': 'All time',
} as const
type Period = keyof typeof PERIODS

const isoDay = (date: Date) => date.toISOString().slice(0, 10)
function daysOf(period: Period): DayRange {
  const now = new Date()
  if (period === 'all-time') return { from: null, to: null }
  if (period === 'this-year') return { from: `${now.getUTCFullYear()}-01-01`, to: isoDay(now) }
  return {
    from: isoDay(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), now.getUTCDate() + 1))),
    to: isoDay(now),
  }
}

const percent = (share: number | null) => (share === null ? '—' : `${Math.round(share * 100)}%`)
const card = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm'

/** Said after a figure's own words to whoever cannot see that it opens its sales. */
const OPENS = <span className="sr-only"> (open the sales)</span>

/** A figure that opens the sales behind it. */
function Figure({ label, value, onOpen }: { label: string; value: string; onOpen?: () => void }) {
  const body = (
    <>
      <span className="block text-xs text-slate-600">{label}</span>
      <span className="block text-xl font-bold tabular-nums text-slate-900">{value}</span>
    </>
  )
  const box = 'min-h-16 rounded-xl border border-slate-200 bg-white p-3 text-left'
  return onOpen ? (
    <button type="button" onClick={onOpen} className={`${box} hover:bg-indigo-50`}>
      {body}
      {OPENS}
    </button>
  ) : (
    <div className={box}>{body}</div>
  )
}

/** A row of figures (a month, a marketplace) that opens its sales. */
function FiguresRow({ name, figures, onOpen }: { name: string; figures: SalesFigures; onOpen: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex min-h-11 w-full items-baseline justify-between gap-3 py-2 text-left hover:bg-indigo-50"
      >
        <span className="font-medium text-slate-900">{name}</span>
        <span className="text-sm tabular-nums text-slate-700">
          {money(figures.revenue)} · <span className="font-semibold text-emerald-800">{money(figures.profit)}</span> ·{' '}
          {figures.itemsSold} sold
          {figures.toCancel > 0 && ` · ${figures.toCancel} to cancel`}
          {OPENS}
        </span>
      </button>
    </li>
  )
}

function Notes({ totals }: { totals: Insights['totals'] }) {
  const notes: ReactNode[] = []
  if (totals.estimatedSales)
    notes.push(`${totals.estimatedSales} of the sales have their fees estimated until the marketplace reports them.`)
  if (totals.salesWithoutCost)
    notes.push(`${totals.salesWithoutCost} of the sales have no cost entered: their profit counts none.`)
  // Sold twice (docs/decisions/0056): the order that cannot ship is in none of the figures until the seller settles it.
  if (totals.toCancel)
    notes.push(
      `${totals.toCancel} ${totals.toCancel === 1 ? 'sale' : 'sales'} sold a piece you no longer had: left out until you sort ${totals.toCancel === 1 ? 'it' : 'them'} out on the Dashboard.`,
    )
  return notes.length ? (
    <ul className="list-disc pl-5 text-xs text-slate-600">
      {notes.map((note, index) => (
        <li key={index}>{note}</li>
      ))}
    </ul>
  ) : null
}

function Figures({ insights, open }: { insights: Insights; open: (behind: Behind, title: string) => void }) {
  const period = { from: insights.from, to: insights.to }
  const allSales = () => open(period, 'Every sale of the period')
  const { totals, inventory } = insights
  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        <Figure label="Revenue" value={money(totals.revenue)} onOpen={allSales} />
        <Figure label="Profit" value={money(totals.profit)} onOpen={allSales} />
        <Figure label="Items sold" value={String(totals.itemsSold)} onOpen={allSales} />
        <Figure label="Sell-through" value={percent(totals.sellThrough)} onOpen={allSales} />
        <Figure
          label="Days to sell, average"
          value={totals.averageDaysToSell === null ? '—' : String(Math.round(totals.averageDaysToSell))}
          onOpen={allSales}
        />
        <Figure
          label={`Held at cost (${inventory.pieces} ${inventory.pieces === 1 ? 'piece' : 'pieces'})`}
          value={money(inventory.valueAtCost)}
        />
      </div>
      <Notes totals={totals} />
      {insights.months.length > 0 && (
        <section aria-label="By month" className={card}>
          <h2 className="text-lg font-semibold text-slate-900">By month</h2>
          <MonthsChart
            months={insights.months}
            onOpen={(month) => open(daysOfMonth(month), `Sales of ${monthName(month)}`)}
          />
          <ul className="mt-3 divide-y divide-slate-100">
            {[...insights.months].reverse().map((month) => (
              <FiguresRow
                key={month.month}
                name={monthName(month.month)}
                figures={month}
                onOpen={() => open(daysOfMonth(month.month), `Sales of ${monthName(month.month)}`)}
              />
            ))}
          </ul>
        </section>
      )}
      {insights.marketplaces.length > 0 && (
        <section aria-label="By marketplace" className={card}>
          <h2 className="text-lg font-semibold text-slate-900">By marketplace</h2>
          <ul className="mt-2 divide-y divide-slate-100">
            {insights.marketplaces.map((each) => {
              const name = each.marketplace === 'elsewhere' ? 'Elsewhere' : SOLD_ON_LABELS[each.marketplace]
              return (
                <FiguresRow
                  key={each.marketplace}
                  name={name}
                  figures={each}
                  onOpen={() => open({ ...period, marketplace: each.marketplace }, `Sales on ${name}`)}
                />
              )
            })}
          </ul>
        </section>
      )}
    </>
  )
}

function Stale({ stale }: { stale: Insights['stale'] }) {
  return (
    <section aria-label="Waiting longest" className={card}>
      <h2 className="text-lg font-semibold text-slate-900">Waiting longest</h2>
      <p className="text-sm text-slate-600">
        {stale.count === 0
          ? `Nothing live ${stale.afterDays} days or more without a sale.`
          : `${stale.count}${stale.more ? ' or more' : ''} live ${stale.afterDays} days or more with no sale in ${stale.afterDays}: candidates for a price drop.`}
      </p>
      {stale.count > 0 && (
        // The ladder and the offers move them, never below each one's floor (docs/decisions/0075).
        <Link to="/pricing" className="text-sm font-semibold text-indigo-700 underline underline-offset-2">
          Mark them down in Offers &amp; markdowns
        </Link>
      )}
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {stale.listings.map((listing) => (
          <li key={listing.id} className="flex items-baseline justify-between gap-3 py-2">
            <ListingLink id={listing.id} title={listing.title} className="min-w-0" />
            <span className="shrink-0 tabular-nums text-slate-700">
              {listing.daysLive} days{listing.price === null ? '' : ` · ${money(listing.price)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  )
}

export function InsightsScreen() {
  const [period, setPeriod] = useState<Period>('last-12-months')
  const [opened, setOpened] = useState<{ behind: Behind; title: string; opening: number } | null>(null)
  const insights = useQuery(insightsQuery(daysOf(period)))
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Insights</h1>
          {/* The year for the taxes: expenses, drives, and the 1099-Ks reconciled (docs/decisions/0061). */}
          <Link to="/tax-year" className="text-sm font-semibold text-indigo-700 underline underline-offset-2">
            Tax year
          </Link>
        </div>
        <label className="flex flex-col text-sm font-medium text-slate-700">
          Period
          <select
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3"
            value={period}
            onChange={(event) => {
              setPeriod(event.target.value as Period)
              setOpened(null)
            }}
          >
            {Object.entries(PERIODS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {insights.isPending && <p className="text-slate-600">Adding up your sales…</p>}
      {insights.isError && (
        <p className="text-red-700">The figures could not be read. The Insights need a connection: try again online.</p>
      )}
      {insights.isSuccess && (
        <>
          <Figures
            insights={insights.data}
            open={(behind, title) => setOpened((before) => ({ behind, title, opening: (before?.opening ?? 0) + 1 }))}
          />
          {opened && (
            <SalesBehind
              key={JSON.stringify(opened.behind)}
              behind={opened.behind}
              title={opened.title}
              opening={opened.opening}
            />
          )}
          <Stale stale={insights.data.stale} />
        </>
      )}
    </div>
  )
}
