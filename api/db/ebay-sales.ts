// SQL for learning of eBay sales: how far each seller's orders were read (ebay_sales_polls), the orders applied
// (ebay_orders, by eBay's order id), and the sellers whose eBay connection still works.
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

/** Where the next read of the seller's orders starts (before the overlap): the last read's start, else when they connected. */
export async function findPolledUntil(sql: Sql, userId: number): Promise<Date | undefined> {
  const [row] = await sql<{ from: Date }[]>`
    select coalesce(p.polled_until, c.created_at) as from
    from marketplace_connections c left join ebay_sales_polls p on p.user_id = c.user_id
    where c.user_id = ${userId} and c.platform = 'ebay'`
  return row?.from
}

export async function savePolledUntil(sql: Sql, userId: number, until: Date): Promise<void> {
  await sql`
    insert into ebay_sales_polls (user_id, polled_until) values (${userId}, ${until})
    on conflict (user_id) do update set polled_until = greatest(ebay_sales_polls.polled_until, excluded.polled_until), updated_at = now()`
}

/**
 * Applies an order once: its id is recorded and each line's listing loses what sold, becoming sold when none is left
 * (with the sale's unit price, time and order id; an order for more than was left is also kept in oversold_order_ids,
 * and one for a listing with none left changes only that), in one transaction. False when the order was applied before. A
 * line counts only when its SKU is one of this seller's listings (issue 27, F2): an order on the seller's eBay account
 * of an item listed elsewhere (by hand, another Snaplist install) changes nothing here, and nothing of anyone else's.
 */
export function applyOrder(
  sql: Sql,
  userId: number,
  order: { orderId: string; soldAt: Date; lines: SoldLine[] },
): Promise<boolean> {
  return sql.begin(async (tx) => {
    const fresh =
      await tx`insert into ebay_orders (order_id, user_id) values (${order.orderId}, ${userId}) on conflict do nothing returning order_id`
    if (fresh.length === 0) return false
    for (const line of order.lines) {
      const sold = await tx<{ id: number }[]>`
        update listings set quantity = greatest(quantity - ${line.quantity}, 0),
          platform_status = case when quantity - ${line.quantity} <= 0 then 'sold' else platform_status end,
          -- More sold than there was (decision 0030): kept for the seller to see, beside the sale of the last piece.
          oversold_order_ids = case when quantity < ${line.quantity} then array_append(oversold_order_ids, ${order.orderId}::text)
            else oversold_order_ids end,
          sold_price_cents = case when quantity > 0 then ${line.unitPriceCents} else sold_price_cents end,
          sold_at = case when quantity > 0 then ${order.soldAt} else sold_at end,
          sold_order_id = case when quantity > 0 then ${order.orderId} else sold_order_id end,
          -- Sold before eBay ended it for a delete (docs/decisions/0023): the seller must see the sale, so it stays.
          deleting_since = null
        where user_id = ${userId} and ebay_sku = ${line.sku}
        returning id`
      // eBay lowered its own count when it sold: what it last got from Snaplist is that much less now.
      for (const { id } of sold) {
        await tx`
          update ebay_revisions r set sent_quantity = greatest(r.sent_quantity - ${line.quantity}, 0)
          from listings l where r.listing_id = ${id} and l.id = r.listing_id and l.user_id = ${userId}`
      }
    }
    return true
  })
}
