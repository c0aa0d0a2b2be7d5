// SQL for marketplace_sales: every sale applied to a listing, once (docs/decisions/0033), and what it takes off the
// listing's one stock. Every marketplace's sales come through recordSale, so "sold", "where", "for how much" and
// "sold twice" mean the same whichever marketplace sold. Only for a listing whose owner's service found it.
import type { SoldOn } from '../contract/listing.ts'
import type { FeeLine, FeesState, ShortSettlement, StoredSale } from '../contract/sale-earnings.ts'
import type { Sql, Tx } from './client.ts'
import { markPlacesSoldOut } from './listing-places.ts'
import { addListingStep } from './listing-steps.ts'

export interface Sale {
  marketplace: SoldOn
  /** Unique on its marketplace: its line of an order there, the phone's id for a sale elsewhere. */
  saleId: string
  /** What the seller looks it up by on the marketplace (its order or receipt number); null elsewhere. */
  orderId: string | null
  quantity: number
  unitPriceCents: number | null
  soldAt: Date
  where?: string | null
  /** The marketplace's id of the order's line, to find the line's own fees among its order's. */
  lineId?: string | null
  /** What the buyer paid for shipping, when the marketplace says. */
  shippingCents?: number | null
  /** The fees as best known when recorded: the seller's for a sale elsewhere (feesEntered), else the estimate. */
  feesCents?: number | null
  feesEntered?: boolean
  /** Sales tax the marketplace collected from the buyer and paid over itself (not the seller's income). */
  salesTaxCents?: number
}

/** A sale applied: how many pieces the listing has left, and how many it lacked (sold twice when above 0). */
export interface AppliedSale {
  left: number
  short: number
}

/**
 * Records the sale once and takes it off the listing's stock, in the caller's transaction: the listing's row is locked
 * first, so two marketplaces' sales of one listing are applied one after the other. The last piece's sale makes the
 * listing Sold, with where, when and for how much; a sale beyond the stock changes the stock no further and is kept as
 * short for the seller to see. Undefined when the sale was applied before, or the listing is not the seller's.
 */
export async function recordSale(
  tx: Tx,
  userId: number,
  listingId: number,
  sale: Sale,
): Promise<AppliedSale | undefined> {
  const [stock] = await tx<{ quantity: number }[]>`
    select quantity from listings where id = ${listingId} and user_id = ${userId} for update`
  if (!stock) return undefined
  const short = Math.max(sale.quantity - stock.quantity, 0)
  const fresh = await tx`
    insert into marketplace_sales (marketplace, sale_id, user_id, listing_id, quantity, unit_price_cents, order_id,
      sold_where, sold_at, short, line_id, shipping_cents, fees_cents, fees_state, sales_tax_cents)
    values (${sale.marketplace}, ${sale.saleId}, ${userId}, ${listingId}, ${sale.quantity}, ${sale.unitPriceCents},
      ${sale.orderId}, ${sale.where ?? null}, ${sale.soldAt}, ${short}, ${sale.lineId ?? null},
      ${sale.shippingCents ?? null}, ${sale.feesCents ?? null}, ${sale.feesEntered ? 'entered' : 'estimated'},
      ${sale.salesTaxCents ?? 0})
    on conflict do nothing returning sale_id`
  if (fresh.length === 0) return undefined
  await addListingStep(tx, listingId, 'sold', sale.marketplace, sale.quantity, sale.soldAt)
  const left = Math.max(stock.quantity - sale.quantity, 0)
  // A sale for a listing with nothing left changes only the ledger: the sale that took the last piece stays its sale.
  if (stock.quantity > 0)
    await tx`
      update listings set quantity = ${left}, sold_out = sold_out or ${left} = 0,
        sold_price_cents = ${sale.unitPriceCents}, sold_at = ${sale.soldAt}, sold_order_id = ${sale.orderId},
        sold_on = ${sale.marketplace}, sold_where = ${sale.where ?? null},
        -- Sold before it was ended for a delete (docs/decisions/0023): the seller must see the sale, so it stays.
        deleting_since = null
      where id = ${listingId}`
  if (stock.quantity > 0 && left === 0) await markPlacesSoldOut(tx, listingId, sale.marketplace)
  return { left, short }
}

/** The sales of this listing beyond its stock that the seller has not settled, oldest first. */
export const OVERSOLD_ORDERS_SQL = `coalesce((select json_agg(json_build_object('marketplace', s.marketplace,
    'orderId', coalesce(s.order_id, s.sold_where, 'elsewhere')) order by s.sold_at, s.created_at)
  from marketplace_sales s where s.listing_id = listings.id and s.short > 0 and s.settled_at is null), '[]'::json)`

/**
 * How the listing's last sale (its sold_on and sold_order_id) came back, once every piece of it did: 'cancelled', or
 * the return as the seller said; null while any piece counts, and for a sale elsewhere (no order).
 */
export const SOLD_GIVEN_BACK_SQL = `(select case when bool_and(s.cancelled_at is not null)
    then coalesce(nullif(max(s.return_state), 'reported'), 'cancelled') end
  from marketplace_sales s where s.listing_id = listings.id and s.marketplace = listings.sold_on
    and s.order_id = listings.sold_order_id)`

/**
 * The seller settled the sales beyond the stock: no longer shown, and in the books as settled ('cancelled': the extra
 * order cancelled or agreed with its buyer, left out; 'sent': another piece went to the buyer, counted).
 */
export async function settleOversold(
  sql: Sql,
  userId: number,
  listingId: number,
  settledAs: ShortSettlement,
): Promise<number> {
  const rows = await sql`
    update marketplace_sales set settled_at = now(), settled_as = ${settledAs}
    where listing_id = ${listingId} and user_id = ${userId} and short > 0 and settled_at is null returning sale_id`
  return rows.length
}

/** Whether this sale was recorded already (a sale elsewhere sent again after its reply was lost). */
export async function hasSale(sql: Sql | Tx, marketplace: SoldOn, saleId: string): Promise<boolean> {
  const rows = await sql`select 1 from marketplace_sales where marketplace = ${marketplace} and sale_id = ${saleId}`
  return rows.length > 0
}

/** A sale of an order, as reading its earnings needs it. */
export interface OrderSale {
  saleId: string
  lineId: string | null
  quantity: number
  unitPriceCents: number | null
}

/** What the buyer paid for the sale's items: the weight an order's shared fees are spread by. */
export const amountOf = (sale: OrderSale) => (sale.unitPriceCents ?? 0) * sale.quantity

/** The seller's sales of one order (a receipt, on some marketplaces), in the order they were recorded. */
export const salesOfOrder = (sql: Sql | Tx, userId: number, marketplace: SoldOn, orderId: string) =>
  sql<OrderSale[]>`
    select sale_id, line_id, quantity, unit_price_cents from marketplace_sales
    where user_id = ${userId} and marketplace = ${marketplace} and order_id = ${orderId} order by sale_id`

/** What the marketplace says a sale earned: its fees (and their lines) and the label bought there. */
export interface ReadEarnings {
  feesCents: number
  labelCents: number
  feeLines: FeeLine[]
  /** What the seller refunded the buyer of this sale so far. */
  refundCents: number
}

/**
 * Keeps what the marketplace said of a sale; a settled sale's figures are final, so nothing read later changes them,
 * unless pieces came back since (a cancellation, a return: the refund and the fees credited back, decision 0072).
 */
export async function storeEarnings(
  sql: Sql | Tx,
  marketplace: SoldOn,
  saleId: string,
  earnings: ReadEarnings,
  state: Extract<FeesState, 'read' | 'settled'>,
): Promise<void> {
  await sql`
    update marketplace_sales set fees_cents = ${earnings.feesCents}, label_cents = ${earnings.labelCents},
      fee_lines = ${sql.json(earnings.feeLines as never)}, fees_state = ${state}, fees_read_at = now(),
      refund_cents = ${earnings.refundCents}
    where marketplace = ${marketplace} and sale_id = ${saleId}
      and (fees_state <> 'settled' or cancelled_pieces > 0 or return_state is not null)`
}

/** The pieces of sale `s` its books count, as countedPieces (contract/sale-earnings.ts) says: decisions 0056, 0065, 0070. */
export const COUNTED_PIECES_SQL = `(case when s.cancelled_at is not null then 0
  else s.quantity - s.cancelled_pieces - case when s.settled_as = 'sent' then 0 else s.short end end)`

/** A whole sale's figure (a column of `s`, in cents) for its counted pieces, as countedShare rounds it. */
export const countedShareSql = (cents: string) =>
  `(case when ${COUNTED_PIECES_SQL} = s.quantity then ${cents} when ${COUNTED_PIECES_SQL} = 0 then 0
    else round(${cents}::numeric * ${COUNTED_PIECES_SQL} / s.quantity) end)`

/** The refund beyond the pieces given back of sale `s`, as refundedCents (contract/sale-earnings.ts) works it out. */
export const REFUNDED_SQL = `greatest(s.refund_cents - (coalesce(s.unit_price_cents, 0) * (s.quantity - ${COUNTED_PIECES_SQL})
  + coalesce(s.shipping_cents, 0) - ${countedShareSql('coalesce(s.shipping_cents, 0)')}), 0)`

/** The fees the books count of sale `s`, as countedFeesCents says: read (net of credits) or the counted pieces' share. */
export const COUNTED_FEES_SQL = `(case when s.fees_state in ('read', 'settled')
    and (${COUNTED_PIECES_SQL} > 0 or s.cancelled_pieces > 0) then coalesce(s.fees_cents, 0)
  else ${countedShareSql('coalesce(s.fees_cents, 0)')} end)`

/** A listing's sale as its seller reads it: the figures earningsOf works from, and how to find it on the marketplace. */
export type ListingSaleRow = StoredSale

/** A sale's columns as a ListingSaleRow reads them, from marketplace_sales `s` and its listing `l`. */
export const SALE_FIGURE_COLUMNS = `s.marketplace, s.order_id, s.sold_where, s.sold_at, s.quantity, s.unit_price_cents,
  s.shipping_cents, s.fees_cents, s.label_cents, s.fees_state, s.fee_lines, l.cost_cents as unit_cost_cents, s.short,
  s.settled_as, s.cancelled_at is not null as cancelled, s.cancelled_pieces, s.return_state, s.refund_cents`

/** The listing's sales, newest first, with the listing's cost of one piece; only the seller's own. */
export const listingSales = (sql: Sql, userId: number, listingId: number) =>
  sql<ListingSaleRow[]>`
    select ${sql.unsafe(SALE_FIGURE_COLUMNS)}, s.sale_id
    from marketplace_sales s join listings l on l.id = s.listing_id and l.user_id = s.user_id
    where s.user_id = ${userId} and s.listing_id = ${listingId}
    order by s.sold_at desc, s.sale_id desc`

/**
 * Refreshes the planner's statistics of the sales ledger, so the Insights' sums over a seller's sales are planned for
 * the rows there are (on fresh statistics a ledger of thousands looked empty, and its join was planned as a nested
 * loop: 1.5-2.4 s for 20,000 sales against 60 ms). Autovacuum does this on a Postgres server; PGlite has none, so the
 * hourly housekeeping does it on both.
 */
export async function vacuumSales(sql: Sql): Promise<void> {
  await sql`vacuum (analyze) marketplace_sales`
}

/**
 * The fees each marketplace took on the seller's sales there as it said them (read or settled, none given back), and
 * what the buyers paid for them: what a listing's floor refines a marketplace's published rate by (decision 0075).
 */
export const feesReadByMarketplace = (sql: Sql | Tx, userId: number) =>
  sql<{ marketplace: SoldOn; sales: number; amountCents: number; feesCents: number }[]>`
    select marketplace, count(*)::int as sales,
      sum(coalesce(unit_price_cents, 0) * quantity + coalesce(shipping_cents, 0))::float8 as amount_cents,
      sum(fees_cents)::float8 as fees_cents
    from marketplace_sales
    where user_id = ${userId} and marketplace <> 'elsewhere' and fees_state in ('read', 'settled')
      and fees_cents is not null and cancelled_at is null and short = 0 and refund_cents = 0
    group by marketplace`
