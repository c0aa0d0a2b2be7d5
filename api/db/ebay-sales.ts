// SQL for learning of eBay sales: the orders applied (ebay_orders, by eBay's order id), the listing an order's SKU is,
// and the sellers whose eBay connection still works. How far their orders were read is db/sales-polls.ts.
import type { Sql, Tx } from './client.ts'

/** A line of an order: what sold, under which SKU. */
export interface SoldLine {
  sku: string
  quantity: number
  unitPriceCents: number
}
/** An eBay connection whose grant has not run out: its orders can be read. */
const GRANT_WORKS = `platform = 'ebay' and account_deletion_status is null
  and coalesce(refresh_token_expiry, token_expiry, 'infinity') > now()`

/** Sellers whose eBay grant has not run out: each one's orders are read. */
export async function listConnectedSellers(sql: Sql): Promise<number[]> {
  const rows = await sql<
    { userId: number }[]
  >`select user_id from marketplace_connections where ${sql.unsafe(GRANT_WORKS)}`
  return rows.map((row) => row.userId)
}

/** Whether this seller's eBay grant still works (a lapsed one is read by no job until they connect again). */
export async function hasWorkingGrant(sql: Sql | Tx, userId: number): Promise<boolean> {
  const rows = await sql`select 1 from marketplace_connections where user_id = ${userId} and ${sql.unsafe(GRANT_WORKS)}`
  return rows.length > 0
}

/** Records the order as applied; false when it was applied before (a poll's overlap, a retry, another process). */
export async function markOrderApplied(tx: Tx, userId: number, orderId: string): Promise<boolean> {
  const fresh =
    await tx`insert into ebay_orders (order_id, user_id) values (${orderId}, ${userId}) on conflict do nothing returning order_id`
  return fresh.length > 0
}

/**
 * The seller's listing with this SKU (issue 27, F2): an order on the seller's eBay account of an item listed elsewhere
 * (by hand, another Snaplist install) finds none, and nothing of anyone else's.
 */
export async function listingOfSku(tx: Tx, userId: number, sku: string): Promise<number | undefined> {
  const [row] = await tx<{ id: number }[]>`select id from listings where user_id = ${userId} and ebay_sku = ${sku}`
  return row?.id
}

/** eBay lowered its own count when it sold: what it last got from Snaplist is that much less now. */
export async function lowerSentQuantity(tx: Tx, listingId: number, sold: number): Promise<void> {
  await tx`update ebay_revisions set sent_quantity = greatest(sent_quantity - ${sold}, 0) where listing_id = ${listingId}`
}
