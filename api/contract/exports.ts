// The seller's books as spreadsheets (issue 32, docs/decisions/0039): GET /api/exports/inventory.csv and
// GET /api/exports/sales.csv?from=YYYY-MM-DD&to=YYYY-MM-DD. The headers are declared here, so the Account screen's
// words and the tests read the same columns the server writes.
import { DayRangeSchema, type DayRange } from './day-range.ts'
import type { FeesState } from './sale-earnings.ts'

export const INVENTORY_COLUMNS = ['SKU', 'Title', 'Bin', 'Cost', 'Quantity', 'Status', 'Where live'] as const
export const SALES_COLUMNS = [
  'Date',
  'Marketplace',
  'Order',
  'Title',
  'SKU',
  'Quantity',
  'Sale',
  'Shipping',
  // A refund that kept the pieces (a part refund, shipping refunded): off the profit (decision 0072).
  'Refunded',
  'Fees',
  'Fees are',
  'Shipping label',
  'Cost',
  'Profit',
  // Where the sale stands in the books (SALE_STANDING_LABELS): a sale to cancel, or cancelled, counts as nothing.
  'Status',
] as const
export const INVENTORY_CSV_PATH = '/api/exports/inventory.csv'
export const SALES_CSV_PATH = '/api/exports/sales.csv'

/** The Fees are column: where the figure comes from (docs/decisions/0042). */
export const FEES_STATE_WORDS: Record<FeesState, string> = {
  estimated: 'estimated',
  read: 'from the marketplace',
  settled: 'final',
  entered: 'as entered',
}

/** Both days are included; either may be left out (from the first sale, to the last). */
export const SalesExportQuerySchema = DayRangeSchema
export type SalesExportQuery = DayRange
