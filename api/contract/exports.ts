// The seller's books as spreadsheets (issue 32, docs/decisions/0039): GET /api/exports/inventory.csv and
// GET /api/exports/sales.csv?from=YYYY-MM-DD&to=YYYY-MM-DD. The headers are declared here, so the Account screen's
// words and the tests read the same columns the server writes.
import * as v from 'valibot'
import { calendarDay } from './listing.ts'

export const INVENTORY_COLUMNS = ['SKU', 'Title', 'Bin', 'Cost', 'Quantity', 'Status', 'Where live'] as const
export const SALES_COLUMNS = [
  'Date',
  'Marketplace',
  'Order',
  'Title',
  'SKU',
  'Sale',
  'Quantity',
  'Cost',
  'Profit before fees',
  'Fees',
] as const
export const INVENTORY_CSV_PATH = '/api/exports/inventory.csv'
export const SALES_CSV_PATH = '/api/exports/sales.csv'

/** What the Fees column says until Snaplist reads a marketplace's fees (a later part of issue 32). */
export const FEES_NOT_KNOWN = 'not yet known'

/** Both days are included; either may be left out (from the first sale, to the last). Days are UTC days. */
export const SalesExportQuerySchema = v.pipe(
  v.object({
    from: calendarDay({ label: 'from' }),
    to: calendarDay({ label: 'to' }),
  }),
  v.forward(
    v.check(({ from, to }) => from === null || to === null || from <= to, 'from must be on or before to'),
    ['to'],
  ),
)
export type SalesExportQuery = v.InferOutput<typeof SalesExportQuerySchema>
