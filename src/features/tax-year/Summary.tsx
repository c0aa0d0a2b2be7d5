// The year as Schedule C reads it (docs/decisions/0061): its lines, what the cost of goods, the car and the expenses
// are made of, and each marketplace's sales reconciled to the gross on its 1099-K. The same figures as the CSV; printed
// (the browser's Save as PDF) without the screen's controls. A category's expenses open on the Expenses tab; a figure of
// the sales (gross receipts, returns, cost of goods, and each marketplace's gross, refunds, fees and labels) opens the
// sales behind it below, each with its part of the figure (docs/decisions/0062).
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { ExpenseCategory } from '../../../api/contract/expenses.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import { TAX_YEAR_CSV_PATH, type TaxYear } from '../../../api/contract/tax-year.ts'
import { SalesBehind, type SaleFigure } from '../../components/SalesBehind.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import type { SalesBehind as Behind } from '../../queries/sales-behind-queries.ts'
import { card, dollars, milesText, rateText } from './cents.ts'
import { taxYearQuery } from './tax-year-queries.ts'

interface Opened {
  behind: Behind
  title: string
  figure: SaleFigure
  /** Counts the openings, so each one brings the sales into view. */
  opening: number
}
/** Opens the sales behind a figure: which, titled how, each ending with its part of which figure. */
type Open = (opened: Omit<Opened, 'opening'>) => void

interface RowProps {
  label: string
  cents: number
  line?: string
  strong?: boolean
  /** The figure opens the sales behind it. */
  onOpen?: () => void
}

function Row({ label, cents, line, strong, onOpen }: RowProps) {
  const body = (
    <>
      <span className="text-slate-900">
        {line && <span className="mr-2 text-xs text-slate-500">Line {line}</span>}
        {label}
        {onOpen && <span className="sr-only"> (open the sales)</span>}
      </span>
      <span className="shrink-0 tabular-nums text-slate-900">{dollars(cents)}</span>
    </>
  )
  const layout = `flex items-baseline justify-between gap-3 py-2 ${strong ? 'font-semibold' : ''}`
  return (
    <li className={onOpen ? '' : layout}>
      {onOpen ? (
        <button type="button" onClick={onOpen} className={`${layout} min-h-11 w-full text-left hover:bg-indigo-50`}>
          {body}
        </button>
      ) : (
        body
      )}
    </li>
  )
}

function Marketplaces({ year, open }: { year: TaxYear; open: Open }) {
  return (
    <section aria-label="Sales by marketplace" className={card}>
      <h2 className="text-lg font-semibold text-slate-900">Sales by marketplace</h2>
      {year.marketplaces.length === 0 && <p className="text-sm text-slate-600">No sales this year.</p>}
      {year.marketplaces.map((each) => {
        const name = each.marketplace === 'elsewhere' ? 'Elsewhere' : SOLD_ON_LABELS[each.marketplace]
        const behind = { from: year.from, to: year.to, marketplace: each.marketplace }
        const opens =
          (figure: SaleFigure, what: string, refunded = false) =>
          () =>
            open({ behind: { ...behind, ...(refunded ? { refunded } : {}) }, title: `${what} on ${name}`, figure })
        return (
          <div key={each.marketplace} className="mt-3">
            <h3 className="font-semibold text-slate-900">{name}</h3>
            <ul className="divide-y divide-slate-100 text-sm">
              <Row
                label={`Gross receipts (${each.itemsSold} sold)`}
                cents={each.grossReceiptsCents}
                onOpen={opens('gross', 'Gross receipts')}
              />
              <Row label="Refunds" cents={each.refundsCents} onOpen={opens('refund', 'Refunds', true)} />
              <Row label="Fees" cents={each.feesCents} onOpen={opens('fees', 'Fees')} />
              <Row label="Shipping labels" cents={each.labelCents} onOpen={opens('label', 'Shipping labels')} />
            </ul>
            {each.form1099k && (
              <div className="mt-2 rounded-xl bg-slate-50 p-3">
                <h4 className="text-sm font-semibold text-slate-900">To match {name}’s 1099-K</h4>
                <ul className="divide-y divide-slate-100 text-sm">
                  {each.form1099k.lines.map((line) => (
                    <Row key={line.label} label={line.label} cents={line.cents} />
                  ))}
                  <Row label={`Gross on ${name}’s 1099-K`} cents={each.form1099k.grossCents} strong />
                </ul>
              </div>
            )}
          </div>
        )
      })}
    </section>
  )
}

/** The Schedule C lines made of the sales alone open them, each sale with its part of the line. */
const SALES_LINES: Record<string, { figure: SaleFigure; refunded?: boolean }> = {
  '1': { figure: 'gross' },
  '2': { figure: 'refund', refunded: true },
  '4': { figure: 'cost' },
}

export function Summary({ year, onCategory }: { year: number; onCategory: (category: ExpenseCategory) => void }) {
  const summary = useQuery(taxYearQuery(year))
  const [opened, setOpened] = useState<Opened | null>(null)
  if (summary.isPending) return <Spinner label="Adding up the year" />
  if (summary.isError) return <p role="alert">The year could not be read. Check your connection and try again.</p>
  const data = summary.data
  const open: Open = (next) => setOpened((before) => ({ ...next, opening: (before?.opening ?? 0) + 1 }))
  const lineOpens = (line: string, label: string) => {
    const sales = SALES_LINES[line]
    if (!sales) return undefined
    const behind = { from: data.from, to: data.to, ...(sales.refunded ? { refunded: true } : {}) }
    return () => open({ behind, title: `The sales behind line ${line}, ${label}`, figure: sales.figure })
  }
  return (
    <div className="flex flex-col gap-4">
      <section aria-label="Schedule C" className={card}>
        <h2 className="text-lg font-semibold text-slate-900">Schedule C, {year}</h2>
        <ul className="divide-y divide-slate-100">
          {data.scheduleC.map((row) => (
            <Row
              key={row.line}
              line={row.line}
              label={row.label}
              cents={row.cents}
              strong={row.line === '31'}
              onOpen={lineOpens(row.line, row.label)}
            />
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2 print:hidden">
          <a
            href={TAX_YEAR_CSV_PATH(year)}
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-900"
          >
            Download CSV
          </a>
          <button
            type="button"
            onClick={() => window.print()}
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-900"
          >
            Print or save as PDF
          </button>
        </div>
      </section>
      <section aria-label="Cost of goods sold" className={card}>
        <h2 className="text-lg font-semibold text-slate-900">Cost of goods sold</h2>
        <ul className="divide-y divide-slate-100 text-sm">
          <Row line="35" label="Inventory at the start of the year" cents={data.cogs.startCents} />
          <Row line="36" label="Bought during the year" cents={data.cogs.boughtCents} />
          <Row line="41" label="Inventory at the end of the year" cents={data.cogs.endCents} />
          <Row line="42" label="Cost of goods sold" cents={data.cogs.cogsCents} strong />
        </ul>
        {data.cogs.salesWithoutCost > 0 && (
          <p className="mt-2 text-xs text-slate-600">
            {data.cogs.salesWithoutCost} of the sales have no cost entered: they count none.
          </p>
        )}
      </section>
      <section aria-label="Expenses and mileage" className={card}>
        <h2 className="text-lg font-semibold text-slate-900">Expenses and mileage</h2>
        <ul className="divide-y divide-slate-100 text-sm">
          {data.expenses.map((category) => (
            <li key={category.category}>
              <button
                type="button"
                onClick={() => onCategory(category.category)}
                className="flex min-h-11 w-full items-baseline justify-between gap-3 py-2 text-left hover:bg-indigo-50"
              >
                <span>
                  <span className="mr-2 text-xs text-slate-500">
                    Line {category.line === 'supplies' ? '22' : '27a'}
                  </span>
                  {category.label}
                  <span className="sr-only"> (open the expenses)</span>
                </span>
                <span className="tabular-nums">{dollars(category.amountCents)}</span>
              </button>
            </li>
          ))}
          <Row
            line="9"
            label={`${milesText(data.mileage.milesTenths)} at ${rateText(data.mileage.rate.tenthCentsPerMile)}`}
            cents={data.mileage.deductionCents}
          />
        </ul>
        <p className="mt-2 text-xs text-slate-600">Rate: {data.mileage.rate.source}</p>
      </section>
      <Marketplaces year={data} open={open} />
      {opened && (
        <SalesBehind
          key={`${JSON.stringify(opened.behind)} ${opened.figure}`}
          behind={opened.behind}
          title={opened.title}
          figure={opened.figure}
          opening={opened.opening}
        />
      )}
      <p className="text-xs text-slate-600">{data.notTaxAdvice}</p>
    </div>
  )
}
