// The seller's books as CSV text, a page of rows at a time (docs/decisions/0039): an async iterable the route streams,
// so an export of any size holds one page in memory. Profit is what the buyer paid less the fees, the label and what
// the items cost (contract/sale-earnings.ts), the fees estimated until the marketplace's are read (decision 0042); a
// sale beyond the stock counts nothing until the seller settles it, and its Status says so (decision 0056).
import { FEES_STATE_WORDS, INVENTORY_COLUMNS, SALES_COLUMNS, type SalesExportQuery } from '../../contract/exports.ts'
import { instantsOf } from '../../contract/day-range.ts'
import { SOLD_ON_LABELS } from '../../contract/listing.ts'
import { countedPieces, earningsOf, SALE_STANDING_LABELS, standingOf } from '../../contract/sale-earnings.ts'
import type { Sql } from '../../db/client.ts'
import { inventoryPage, salesPage, type InventoryRow, type SaleKey, type SaleRow } from '../../db/exports.ts'
import { BOM, csvRow, csvRows, type Cell } from './csv.ts'

/** Rows per read: a few hundred KB of text at most, and few enough round trips for 10,000 sales. */
export const EXPORT_PAGE = 1000

const STATUS_WORDS = { ready: 'Ready', live: 'Live', sold: 'Sold', ended: 'Ended' } as const

function inventoryCells(row: InventoryRow): Cell[] {
  const cost = row.costCents === null ? null : { cents: row.costCents }
  const live = row.liveOn.map((marketplace) => SOLD_ON_LABELS[marketplace])
  return [row.sku, row.title, row.bin, cost, row.quantity, STATUS_WORDS[row.status], live.join(', ')]
}

function saleCells(row: SaleRow): Cell[] {
  const earned = earningsOf(row)
  const order = row.marketplace === 'elsewhere' ? row.soldWhere : row.orderId
  const cents = (value: number | null) => (value === null ? null : { cents: value })
  return [
    row.day,
    SOLD_ON_LABELS[row.marketplace],
    order,
    row.title,
    row.sku,
    countedPieces(row),
    cents(earned.saleCents),
    cents(earned.shippingCents),
    cents(earned.refundedCents),
    cents(earned.feesCents),
    FEES_STATE_WORDS[row.feesState],
    cents(earned.labelCents),
    cents(earned.costCents),
    cents(earned.profitCents),
    SALE_STANDING_LABELS[standingOf(row)],
  ]
}

export interface Exports {
  /** SKU, title, bin, cost, quantity, status and where live, of every listing the seller has, by SKU. */
  inventoryCsv(userId: number): AsyncGenerator<string>
  /** One row per sale from the sales ledger, oldest first, between the days (both included). */
  salesCsv(userId: number, query: SalesExportQuery): AsyncGenerator<string>
}

export function createExports(sql: Sql): Exports {
  return {
    async *inventoryCsv(userId: number): AsyncGenerator<string> {
      yield BOM + csvRow(INVENTORY_COLUMNS)
      let after = ''
      for (;;) {
        const rows = await inventoryPage(sql, userId, after, EXPORT_PAGE)
        if (rows.length) yield csvRows(rows.map(inventoryCells))
        if (rows.length < EXPORT_PAGE) return
        after = rows.at(-1)!.sku
      }
    },

    async *salesCsv(userId: number, { from, to }: SalesExportQuery): AsyncGenerator<string> {
      yield BOM + csvRow(SALES_COLUMNS)
      const range = instantsOf({ from, to })
      let after: SaleKey | null = null
      for (;;) {
        const rows = await salesPage(sql, userId, range, after, EXPORT_PAGE)
        if (rows.length) yield csvRows(rows.map(saleCells))
        if (rows.length < EXPORT_PAGE) return
        const last = rows.at(-1)!
        after = { soldAtKey: last.soldAtKey, marketplace: last.marketplace, saleId: last.saleId }
      }
    },
  }
}
