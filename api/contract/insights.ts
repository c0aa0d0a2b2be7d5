// The seller's Insights (issue 32, docs/decisions/0043): GET /api/insights?from=YYYY-MM-DD&to=YYYY-MM-DD answers the
// revenue, profit, items sold, sell-through and days to sell of the sales in those days, by month and by marketplace,
// what the seller holds at cost, and the listings live longest (price-drop candidates). GET /api/insights/sales answers
// the sales behind any figure, a page at a time. Money in dollars; days are UTC days, both included.
import * as v from 'valibot'
import { DayRangeSchema, type DayRange } from './day-range.ts'
import { SOLD_ON_VALUES, type SoldOn } from './listing.ts'
import { SaleCursorSchema } from './sale-cursor.ts'
import type { StaleListings } from './price-rules.ts'
import type { SaleEarnings } from './sale-earnings.ts'

/** How many stale listings (contract/price-rules.ts staleAfterDays) the screen names; the count says how many. */
export const STALE_SHOWN = 20
/** Sales per page behind a figure. */
export const INSIGHT_SALES_PAGE = 50

export const InsightsQuerySchema = DayRangeSchema
export type InsightsQuery = DayRange

/**
 * The sales behind a figure: the days, and optionally one marketplace, or only those refunded (the tax year's refunds);
 * `after` is the last page's cursor.
 */
export const InsightSalesQuerySchema = v.intersect([
  DayRangeSchema,
  v.object({
    marketplace: v.optional(
      v.picklist(SOLD_ON_VALUES, `marketplace must be ${SOLD_ON_VALUES.slice(0, -1).join(', ')} or elsewhere`),
    ),
    refunded: v.optional(v.picklist(['true'], 'refunded must be true, or left out')),
    after: v.optional(SaleCursorSchema),
  }),
])
export type InsightSalesQuery = v.InferOutput<typeof InsightSalesQuerySchema>

/** What a set of sales took in and kept. */
export interface SalesFigures {
  /** What buyers paid, items and shipping. */
  revenue: number
  fees: number
  labels: number
  cost: number
  /** Revenue less fees, labels and cost (a sale without a cost counts none). */
  profit: number
  itemsSold: number
  sales: number
  /** Sales whose listing has no cost entered: their profit is overstated by it. */
  salesWithoutCost: number
  /** Sales whose fees are still estimated. */
  estimatedSales: number
  /**
   * Sales that sold a piece the seller no longer had (sold twice) and are not settled yet: to cancel, counted in none of
   * the figures above (docs/decisions/0056).
   */
  toCancel: number
}

export interface Insights {
  /** The days covered, as asked (or from the first sale, to today). */
  from: string
  to: string
  totals: SalesFigures & {
    /** Items sold ÷ (items sold + items held now), 0-1; null without either. */
    sellThrough: number | null
    /** From listing to sale, per item sold. */
    averageDaysToSell: number | null
  }
  /** Oldest first, 'YYYY-MM'; months without a sale are left out. */
  months: (SalesFigures & { month: string })[]
  marketplaces: (SalesFigures & { marketplace: SoldOn })[]
  inventory: { pieces: number; valueAtCost: number; piecesWithoutCost: number }
  /** Live and unsold as long as the seller's ladder waits (decision 0080), oldest first. */
  stale: StaleListings
}

/** A sale behind a figure: what it earned (with what the seller refunded of it, refunded), its listing. */
export type InsightSale = SaleEarnings & { listingId: number | null; title: string | null }

export interface InsightSales {
  sales: InsightSale[]
  /** The next page's cursor; null on the last. */
  next: string | null
}
