// The seller's Insights (issue 32, docs/decisions/0043): the sums Postgres makes of the sales in the days asked for
// (api/db/insights.ts), folded here into totals, months and marketplaces; what the seller holds and the oldest
// stale listings (services/pricing/stale.ts); and the sales behind any figure, a page at a time.
import { instantsOf } from '../../contract/day-range.ts'
import {
  INSIGHT_SALES_PAGE,
  STALE_SHOWN,
  type InsightSales,
  type InsightSalesQuery,
  type Insights,
  type InsightsQuery,
  type SalesFigures,
} from '../../contract/insights.ts'
import type { SoldOn } from '../../contract/listing.ts'
import { saleCursorOf } from '../../contract/sale-cursor.ts'
import { saleEarningsOf } from '../../contract/sale-earnings.ts'
import type { Sql } from '../../db/client.ts'
import { heldSums, insightSalesPage, monthSums, type MonthSums } from '../../db/insights.ts'
import { staleOf } from '../pricing/stale.ts'

const today = () => new Date().toISOString().slice(0, 10)

/** The sums of several month rows as the seller reads them (dollars), with the days-to-sell sums kept for averaging. */
function figuresOf(rows: MonthSums[]): SalesFigures & { daysToSell: number; itemsTimed: number } {
  const sum = (pick: (row: MonthSums) => number) => rows.reduce((total, row) => total + pick(row), 0)
  // A refund that kept the pieces is revenue the seller gave back (decision 0072); the tax year shows it apart.
  const revenueCents = sum((row) => row.revenueCents - row.refundCents)
  const feesCents = sum((row) => row.feesCents)
  const labelCents = sum((row) => row.labelCents)
  const costCents = sum((row) => row.costCents)
  return {
    revenue: revenueCents / 100,
    fees: feesCents / 100,
    labels: labelCents / 100,
    cost: costCents / 100,
    profit: (revenueCents - feesCents - labelCents - costCents) / 100,
    itemsSold: sum((row) => row.itemsSold),
    sales: sum((row) => row.sales),
    salesWithoutCost: sum((row) => row.salesWithoutCost),
    estimatedSales: sum((row) => row.estimatedSales),
    toCancel: sum((row) => row.toCancel),
    daysToSell: sum((row) => row.daysToSell),
    itemsTimed: sum((row) => row.itemsTimed),
  }
}

/** Groups rows by a key, in the order the keys first appear. */
function groupBy<Key>(rows: MonthSums[], keyOf: (row: MonthSums) => Key): Map<Key, MonthSums[]> {
  const groups = new Map<Key, MonthSums[]>()
  for (const row of rows) groups.set(keyOf(row), [...(groups.get(keyOf(row)) ?? []), row])
  return groups
}

const withoutTiming = ({ daysToSell: _days, itemsTimed: _items, ...figures }: ReturnType<typeof figuresOf>) => figures

export interface InsightsService {
  insights(userId: number, days: InsightsQuery): Promise<Insights>
  salesBehind(userId: number, query: InsightSalesQuery): Promise<InsightSales>
}

export function createInsights(sql: Sql): InsightsService {
  async function insights(userId: number, days: InsightsQuery): Promise<Insights> {
    const range = instantsOf(days)
    const [rows, held, stale] = await Promise.all([
      monthSums(sql, userId, range),
      heldSums(sql, userId),
      staleOf(sql, userId, STALE_SHOWN),
    ])
    const totals = figuresOf(rows)
    return {
      from: days.from ?? (rows[0] ? `${rows[0].month}-01` : today()),
      to: days.to ?? today(),
      totals: {
        ...withoutTiming(totals),
        sellThrough: totals.itemsSold + held.pieces ? totals.itemsSold / (totals.itemsSold + held.pieces) : null,
        averageDaysToSell: totals.itemsTimed ? Math.round((totals.daysToSell / totals.itemsTimed) * 10) / 10 : null,
      },
      months: [...groupBy(rows, (row) => row.month)].map(([month, group]) => ({
        month,
        ...withoutTiming(figuresOf(group)),
      })),
      marketplaces: [...groupBy(rows, (row) => row.marketplace)].map(([marketplace, group]) => ({
        marketplace: marketplace as SoldOn,
        ...withoutTiming(figuresOf(group)),
      })),
      inventory: {
        pieces: held.pieces,
        valueAtCost: held.valueCents / 100,
        piecesWithoutCost: held.piecesWithoutCost,
      },
      stale,
    }
  }

  async function salesBehind(userId: number, query: InsightSalesQuery): Promise<InsightSales> {
    const filter = { marketplace: query.marketplace, refunded: query.refunded === 'true' }
    const rows = await insightSalesPage(sql, userId, instantsOf(query), filter, query.after ?? null, INSIGHT_SALES_PAGE)
    const last = rows.at(-1)
    return {
      sales: rows.map((row) => {
        return { ...saleEarningsOf(row), listingId: row.listingId, title: row.title }
      }),
      next:
        rows.length === INSIGHT_SALES_PAGE && last
          ? saleCursorOf({ soldAtKey: last.soldAtKey, marketplace: last.marketplace, saleId: last.saleId })
          : null,
    }
  }

  return { insights, salesBehind }
}
