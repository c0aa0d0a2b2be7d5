// SQL for the seller's Insights (docs/decisions/0043): sums over the sales ledger in Postgres, so a seller with years of
// sales gets a few dozen rows back, never the sales themselves; what the seller holds; and
// the sales behind a figure a page at a time. Scoped to the seller; marketplace_sales_user_sold serves the day ranges.
import type { SoldOn } from '../contract/listing.ts'
import type { SaleKey } from '../contract/sale-cursor.ts'
import type { Sql } from './client.ts'
import {
  COUNTED_FEES_SQL,
  COUNTED_PIECES_SQL as COUNTED,
  countedShareSql,
  REFUNDED_SQL,
  SALE_FIGURE_COLUMNS,
  type ListingSaleRow,
} from './marketplace-sales.ts'

/** Sums of one month's sales on one marketplace, in cents. */
export interface MonthSums {
  month: string
  marketplace: SoldOn
  sales: number
  itemsSold: number
  revenueCents: number
  feesCents: number
  labelCents: number
  costCents: number
  salesWithoutCost: number
  estimatedSales: number
  /** Sales beyond the stock the seller has not settled: counted in none of the figures above. */
  toCancel: number
  /** Days from listing to sale, summed over the items sold (those whose listing still exists). */
  daysToSell: number
  itemsTimed: number
  /** What buyers paid for every piece and its shipping, counted or not (a 1099-K's gross counts them all). */
  paidCents: number
  /** Refunds the seller gave beyond the pieces given back (refundedCents): off the revenue. */
  refundCents: number
  /** Sales tax the marketplace collected and paid over itself. */
  salesTaxCents: number
  /** The shipping buyers paid, of the pieces counted. */
  shippingCents: number
}

interface Range {
  from: Date | null
  until: Date | null
}
// Open ends are -infinity and infinity, so the where clause stays plain comparisons the index answers.
const fromOf = (range: Range) => range.from?.toISOString() ?? '-infinity'
const untilOf = (range: Range) => range.until?.toISOString() ?? 'infinity'

// Only the pieces each sale's books count (COUNTED_PIECES_SQL): a sale to cancel (sold twice) adds nothing but to_cancel.
// The Insights and the tax year (issue 52) both sum these rows: one definition of every figure they share. The days'
// bounds are timestamptz parameters (a text cast to timestamptz was made again for each of the seller's sales, a fifth
// of the time on PGlite), and the months are grouped as timestamps, not as their text (decision 0062).
export const monthSums = (sql: Sql, userId: number, range: Range) =>
  sql<MonthSums[]>`
    select to_char(date_trunc('month', s.sold_at at time zone 'UTC'), 'YYYY-MM') as month, s.marketplace,
      (count(*) filter (where ${sql.unsafe(COUNTED)} > 0))::int as sales,
      coalesce(sum(${sql.unsafe(COUNTED)}), 0)::int as items_sold,
      (coalesce(sum(s.unit_price_cents * ${sql.unsafe(COUNTED)}), 0)
        + coalesce(sum(${sql.unsafe(countedShareSql('coalesce(s.shipping_cents, 0)'))}), 0))::float8 as revenue_cents,
      coalesce(sum(${sql.unsafe(COUNTED_FEES_SQL)}), 0)::float8 as fees_cents,
      coalesce(sum(${sql.unsafe(countedShareSql('coalesce(s.label_cents, 0)'))}), 0)::float8 as label_cents,
      coalesce(sum(l.cost_cents * ${sql.unsafe(COUNTED)}), 0)::float8 as cost_cents,
      (count(*) filter (where l.cost_cents is null and ${sql.unsafe(COUNTED)} > 0))::int as sales_without_cost,
      (count(*) filter (where s.fees_state = 'estimated' and s.marketplace <> 'elsewhere'
        and ${sql.unsafe(COUNTED)} > 0))::int as estimated_sales,
      (count(*) filter (where s.short > 0 and s.settled_at is null))::int as to_cancel,
      coalesce(sum(extract(epoch from s.sold_at - l.created_at) / 86400 * ${sql.unsafe(COUNTED)}), 0)::float8
        as days_to_sell,
      coalesce(sum(${sql.unsafe(COUNTED)}) filter (where l.id is not null), 0)::int as items_timed,
      (coalesce(sum(s.unit_price_cents * s.quantity), 0) + coalesce(sum(s.shipping_cents), 0))::float8 as paid_cents,
      coalesce(sum(${sql.unsafe(REFUNDED_SQL)}), 0)::float8 as refund_cents,
      coalesce(sum(s.sales_tax_cents), 0)::float8 as sales_tax_cents,
      coalesce(sum(${sql.unsafe(countedShareSql('coalesce(s.shipping_cents, 0)'))}), 0)::float8 as shipping_cents
    from marketplace_sales s left join listings l on l.id = s.listing_id and l.user_id = s.user_id
    where s.user_id = ${userId}
      and s.sold_at >= coalesce(${range.from}, '-infinity'::timestamptz)
      and s.sold_at < coalesce(${range.until}, 'infinity'::timestamptz)
    group by date_trunc('month', s.sold_at at time zone 'UTC'), s.marketplace
    order by date_trunc('month', s.sold_at at time zone 'UTC'), s.marketplace`

/** What the seller holds now: pieces not sold, their cost, and how many have no cost entered. */
export const heldSums = async (sql: Sql, userId: number) =>
  (
    await sql<{ pieces: number; valueCents: number; piecesWithoutCost: number }[]>`
      select coalesce(sum(quantity), 0)::int as pieces, coalesce(sum(cost_cents * quantity), 0)::float8 as value_cents,
        coalesce(sum(quantity) filter (where cost_cents is null), 0)::int as pieces_without_cost
      from listings where user_id = ${userId} and deleting_since is null and quantity > 0`
  )[0]!

/** A sale behind a figure: its figures, the listing it was, and its key in the order pages are read. */
export interface InsightSaleRow extends ListingSaleRow {
  listingId: number | null
  title: string | null
  soldAtKey: string
  saleId: string
}

/** Which of the seller's sales in the range: on one marketplace if given; only those refunded if asked. */
export interface SalesFilter {
  marketplace: SoldOn | undefined
  refunded: boolean
}

/** The seller's sales in the range that pass the filter, newest first, after `after`. */
export const insightSalesPage = (
  sql: Sql,
  userId: number,
  range: Range,
  { marketplace, refunded }: SalesFilter,
  after: SaleKey | null,
  limit: number,
) =>
  sql<InsightSaleRow[]>`
    select ${sql.unsafe(SALE_FIGURE_COLUMNS)}, s.sale_id, s.sold_at::text as sold_at_key,
      l.id as listing_id, l.title
    from marketplace_sales s left join listings l on l.id = s.listing_id and l.user_id = s.user_id
    where s.user_id = ${userId}
      and s.sold_at >= ${fromOf(range)}::text::timestamptz and s.sold_at < ${untilOf(range)}::text::timestamptz
      and (${marketplace ?? null}::text is null or s.marketplace = ${marketplace ?? null})
      and (not ${refunded} or s.refund_cents > 0)
      and (s.sold_at, s.marketplace, s.sale_id) < (${after?.soldAtKey ?? 'infinity'}::text::timestamptz,
        ${after?.marketplace ?? '~'}::text, ${after?.saleId ?? '~'}::text)
    order by s.sold_at desc, s.marketplace desc, s.sale_id desc limit ${limit}`
