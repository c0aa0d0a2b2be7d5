// The seller's tax year (issue 52, docs/decisions/0061): GET /api/tax-years/{year} answers what the year adds up to as
// Schedule C reads it, each marketplace's sales reconciled to the gross on its 1099-K, and
// GET /api/exports/tax-year/{year}.csv the same figures as a spreadsheet. Money in cents; a year is its UTC days.
import * as v from 'valibot'
import type { ExpenseCategory, ScheduleCLine } from './expenses.ts'
import type { SoldOn } from './listing.ts'
import type { MileageRate } from './mileage.ts'
import { TAX_YEAR_MAX, TAX_YEAR_MIN, yearTextSchema } from './tax-year-inputs.ts'

export const TAX_YEAR_CSV_PATH = (year: number) => `/api/exports/tax-year/${year}.csv`
export const NOT_TAX_ADVICE =
  'Not tax advice: figures from what Snaplist knows of your sales, costs, expenses and drives. Check them with your tax preparer.'

const CSV_FILE_MESSAGE = `The file must be a year's, like 2026.csv (${TAX_YEAR_MIN} to ${TAX_YEAR_MAX})`
/** `{year}.csv` as the path carries it. */
export const TaxYearCsvParamSchema = v.object({
  file: v.pipe(
    v.string(CSV_FILE_MESSAGE),
    v.regex(/^\d{4}\.csv$/, CSV_FILE_MESSAGE),
    v.transform((file) => file.slice(0, 4)),
    yearTextSchema,
  ),
})

/** One line of a marketplace's reconciliation with its 1099-K. */
export interface ReconcilingLine {
  label: string
  cents: number
}

export interface TaxYearMarketplace {
  marketplace: SoldOn
  sales: number
  itemsSold: number
  /** What buyers paid for the items counted, and for their shipping; together, this marketplace's gross receipts. */
  itemsCents: number
  shippingCents: number
  grossReceiptsCents: number
  refundsCents: number
  feesCents: number
  labelCents: number
  costCents: number
  /**
   * The lines from the gross receipts to the gross the marketplace reports on its 1099-K (which counts shipping, the
   * sales tax it collected and orders later cancelled or refunded); null for sales elsewhere, which have no 1099-K.
   */
  form1099k: { lines: ReconcilingLine[]; grossCents: number } | null
}

/** A line of Schedule C as Snaplist fills it. */
export interface ScheduleCRow {
  line: string
  label: string
  cents: number
}

export interface TaxYear {
  year: number
  from: string
  to: string
  marketplaces: TaxYearMarketplace[]
  grossReceiptsCents: number
  returnsCents: number
  feesCents: number
  labelCents: number
  /** Schedule C Part III: inventory at cost at the start, bought during the year, at the end; what was sold. */
  cogs: { startCents: number; boughtCents: number; endCents: number; cogsCents: number; salesWithoutCost: number }
  expenses: { category: ExpenseCategory; label: string; line: ScheduleCLine; amountCents: number }[]
  expensesCents: number
  mileage: { milesTenths: number; trips: number; rate: MileageRate; deductionCents: number }
  netProfitCents: number
  scheduleC: ScheduleCRow[]
  /** Sales still to cancel (sold twice): in none of the figures until the seller settles them. */
  toCancel: number
  estimatedSales: number
  notTaxAdvice: string
}
