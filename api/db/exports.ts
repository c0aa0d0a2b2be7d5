// SQL for the seller's CSV exports (docs/decisions/0039): each read is one page after the last row of the page before
// (keyset), so an export of any size holds one page in memory. Scoped to the seller.
import type { ListingStatus, SoldOn } from '../contract/listing.ts'
import type { Platform } from '../contract/marketplace-paths.ts'
import type { SaleFigures } from '../contract/sale-earnings.ts'
import type { Sql } from './client.ts'

export interface InventoryRow {
  sku: string
  title: string
  bin: string
  costCents: number | null
  quantity: number
  /** Its status on the Dashboard, and the marketplaces it is live on (its places, migration 0054), in id order. */
  status: ListingStatus
  liveOn: Platform[]
}

/** The seller's listings after this SKU ('' before the first), in SKU order (listings_user_sku serves both). */
export const inventoryPage = (sql: Sql, userId: number, afterSku: string, limit: number) =>
  sql<InventoryRow[]>`
    select sku, title, bin, cost_cents, quantity, dashboard_status as status,
      array(select p.marketplace from listing_places p where p.listing_id = listings.id and p.state = 'live'
        order by p.marketplace) as live_on
    from listings
    where user_id = ${userId} and deleting_since is null and sku > ${afterSku}
    order by sku limit ${limit}`

export interface SaleRow extends SaleFigures {
  /** The sale's UTC day, YYYY-MM-DD. */
  day: string
  /** sold_at as Postgres writes it, to the microsecond (a Date keeps milliseconds), for the next page's key. */
  soldAtKey: string
  saleId: string
  orderId: string | null
  soldWhere: string | null
  /** The listing's, when it still exists. */
  title: string | null
  sku: string | null
}

export interface SaleKey {
  soldAtKey: string
  marketplace: SoldOn
  saleId: string
}

/**
 * The seller's sales made from `from` up to (not including) `until`, oldest first, after `after`. Open ends are
 * -infinity and infinity, and the first page starts before any sale, so the where clause is plain comparisons
 * marketplace_sales_user_sold answers (an `is null or` would have the planner read every sale for each page).
 */
export const salesPage = (
  sql: Sql,
  userId: number,
  { from, until }: { from: Date | null; until: Date | null },
  after: SaleKey | null,
  limit: number,
) =>
  sql<SaleRow[]>`
    select to_char(s.sold_at at time zone 'UTC', 'YYYY-MM-DD') as day, s.sold_at::text as sold_at_key, s.marketplace,
      s.sale_id, s.order_id, s.sold_where, l.title, l.sku, s.quantity, s.unit_price_cents, s.shipping_cents, s.fees_cents,
      s.label_cents, s.fees_state, l.cost_cents as unit_cost_cents, s.short, s.settled_as,
      s.cancelled_at is not null as cancelled, s.cancelled_pieces, s.return_state, s.refund_cents
    from marketplace_sales s left join listings l on l.id = s.listing_id and l.user_id = s.user_id
    where s.user_id = ${userId}
      and s.sold_at >= ${from?.toISOString() ?? '-infinity'}::text::timestamptz
      and s.sold_at < ${until?.toISOString() ?? 'infinity'}::text::timestamptz
      and (s.sold_at, s.marketplace, s.sale_id) > (${after?.soldAtKey ?? '-infinity'}::text::timestamptz,
        ${after?.marketplace ?? ''}::text, ${after?.saleId ?? ''}::text)
    order by s.sold_at, s.marketplace, s.sale_id limit ${limit}`
