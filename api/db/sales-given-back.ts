// SQL for the pieces a sale gives back (issue 50, docs/decisions/0065, 0070): the marketplace cancelled the sale, or
// some of its pieces (a part refund), or the buyer returned it and the seller said whether it is back in stock. Each
// is applied once: cancelled_pieces only grows to what the marketplace says, a return is marked once, and the caller
// puts the pieces back in the same transaction.
import type { SoldOn } from '../contract/listing.ts'
import type { ReturnedAs } from '../contract/sales.ts'
import type { Sql, Tx } from './client.ts'
import { addListingStep } from './listing-steps.ts'

/** Pieces a sale gave back, applied: its listing, and how many of them go back to the listing's stock. */
export interface GivenBack {
  listingId: number
  /** The sale's pieces cancelled or returned now (a marketplace that restocks on its own counts them again). */
  pieces: number
  restocked: number
  /** The marketplace's order the sale was in, whose refund and fees credited back are to be read. */
  orderId: string | null
}

interface LockedSale {
  listingId: number
  orderId: string | null
  quantity: number
  short: number
  settled: boolean
  cancelledPieces: number
  returnPieces: number | null
}

/** The listing's row locked first (as recordSale does), then the sale, while some of its pieces still count. */
async function lockSale(tx: Tx, userId: number, marketplace: SoldOn, saleId: string, listingId?: number) {
  const [found] = await tx<{ listingId: number }[]>`
    select listing_id from marketplace_sales
    where marketplace = ${marketplace} and sale_id = ${saleId} and user_id = ${userId} and listing_id is not null
      and (${listingId ?? null}::int is null or listing_id = ${listingId ?? null})`
  if (!found) return undefined
  const [stock] = await tx`select 1 from listings where id = ${found.listingId} and user_id = ${userId} for update`
  const [sale] = await tx<LockedSale[]>`
    select listing_id, order_id, quantity, short, settled_at is not null as settled, cancelled_pieces, return_pieces
    from marketplace_sales
    where marketplace = ${marketplace} and sale_id = ${saleId} and cancelled_at is null
      and (return_state is null or return_state = 'reported') for update`
  return stock && sale ? sale : undefined
}

/**
 * `freed` pieces of the listing back: first to its other sales beyond the stock, oldest first (that order can ship now:
 * the sold-twice problem settles); answers how many are left for the stock.
 */
async function settleWaiting(tx: Tx, listingId: number, marketplace: SoldOn, saleId: string, freed: number) {
  const taken = await tx<{ took: number }[]>`
    with waiting as (
      select marketplace, sale_id, short, coalesce(sum(short) over (order by sold_at, created_at, sale_id
        rows between unbounded preceding and 1 preceding), 0) as before
      from marketplace_sales
      where listing_id = ${listingId} and short > 0 and settled_at is null and cancelled_at is null
        and not (marketplace = ${marketplace} and sale_id = ${saleId})
    )
    update marketplace_sales s set short = s.short - least(w.short, ${freed} - w.before)
    from waiting w
    where s.marketplace = w.marketplace and s.sale_id = w.sale_id and w.before < ${freed}
    returning least(w.short, ${freed} - w.before)::int as took`
  return freed - taken.reduce((sum, row) => sum + row.took, 0)
}

/**
 * The marketplace says `upTo` pieces of the sale are cancelled (all of them unless given), in the caller's
 * transaction: those not given back yet are. Its pieces beyond the stock (`short`, never there) go first; the others go
 * to the listing's sales beyond the stock, then back to the stock, which the caller adds. A sale cancelled whole is
 * marked cancelled_at, and settled as cancelled if it was beyond the stock. Undefined when nothing is new, or the sale
 * is not the seller's.
 */
export async function cancelSale(
  tx: Tx,
  userId: number,
  marketplace: SoldOn,
  saleId: string,
  upTo?: number,
): Promise<GivenBack | undefined> {
  const sale = await lockSale(tx, userId, marketplace, saleId)
  if (!sale) return undefined
  const target = Math.min(upTo ?? sale.quantity, sale.quantity)
  const pieces = target - sale.cancelledPieces
  if (pieces <= 0) return undefined
  const whole = target === sale.quantity
  const owed = sale.settled ? 0 : sale.short
  // Cancelled whole, a sale beyond the stock keeps its short (settled as cancelled); in part, its short goes first.
  const neverThere = whole ? sale.short : Math.min(pieces, owed)
  const restocked = await settleWaiting(tx, sale.listingId, marketplace, saleId, Math.max(pieces - neverThere, 0))
  await tx`
    update marketplace_sales set cancelled_pieces = ${target}, restocked = coalesce(restocked, 0) + ${restocked},
      cancelled_at = case when ${whole} then now() end,
      short = case when ${whole} then short else short - ${neverThere} end,
      settled_as = case when ${whole} and short > 0 and settled_at is null then 'cancelled' else settled_as end,
      settled_at = case when ${whole} and short > 0 and settled_at is null then now() else settled_at end
    where marketplace = ${marketplace} and sale_id = ${saleId}`
  await addListingStep(tx, sale.listingId, 'cancelled', marketplace, pieces)
  return { listingId: sale.listingId, pieces, restocked, orderId: sale.orderId }
}

/** The seller's sales of one order (a receipt, on some marketplaces) not cancelled yet. */
export const uncancelledSalesOfOrder = (sql: Sql | Tx, userId: number, marketplace: SoldOn, orderId: string) =>
  sql<{ saleId: string; quantity: number; unitPriceCents: number | null }[]>`
    select sale_id, quantity, unit_price_cents from marketplace_sales
    where user_id = ${userId} and marketplace = ${marketplace} and order_id = ${orderId} and cancelled_at is null
    order by sale_id`

/**
 * The marketplace says the buyer sent `pieces` of the sale back (refunded): kept as reported until the seller says
 * whether they are sellable. Answers its listing and order when it is new (a return reported or marked before stays as
 * it is).
 */
export async function reportReturn(
  sql: Sql | Tx,
  userId: number,
  marketplace: SoldOn,
  saleId: string,
  pieces: number,
): Promise<{ listingId: number | null; orderId: string | null } | undefined> {
  const [row] = await sql<{ listingId: number | null; orderId: string | null }[]>`
    update marketplace_sales set return_state = 'reported', return_pieces = least(${pieces}, quantity - cancelled_pieces)
    where user_id = ${userId} and marketplace = ${marketplace} and sale_id = ${saleId} and return_state is null
      and cancelled_at is null and quantity > cancelled_pieces
    returning listing_id, order_id`
  return row
}

/**
 * The seller says the sale came back (the pieces the marketplace reported, or all it still counts): 'back-in-stock'
 * puts them back in the listing's stock, which the caller adds; 'damaged' only takes them out of the books. Once:
 * undefined when it was marked before, or is not this seller's sale of this listing.
 */
export async function markReturned(
  tx: Tx,
  userId: number,
  listingId: number,
  { marketplace, saleId, returnedAs }: { marketplace: SoldOn; saleId: string; returnedAs: ReturnedAs },
): Promise<GivenBack | undefined> {
  const sale = await lockSale(tx, userId, marketplace, saleId, listingId)
  if (!sale) return undefined
  const left = sale.quantity - sale.cancelledPieces - (sale.settled ? 0 : sale.short)
  const pieces = Math.min(sale.returnPieces ?? left, left)
  if (pieces <= 0) return undefined
  const restocked = returnedAs === 'back-in-stock' ? pieces : 0
  const whole = sale.cancelledPieces + pieces === sale.quantity
  await tx`
    update marketplace_sales set return_state = ${returnedAs}, return_pieces = ${pieces}, returned_at = now(),
      cancelled_pieces = cancelled_pieces + ${pieces}, restocked = coalesce(restocked, 0) + ${restocked},
      cancelled_at = case when ${whole} then now() end
    where marketplace = ${marketplace} and sale_id = ${saleId}`
  await addListingStep(tx, sale.listingId, returnedAs, marketplace, pieces)
  return { listingId: sale.listingId, pieces, restocked, orderId: sale.orderId }
}
