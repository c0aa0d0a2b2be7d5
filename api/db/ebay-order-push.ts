// SQL for ebay_order_push: each eBay connection's notification destination and ORDER_CONFIRMATION subscription
// (docs/decisions/0051), found by the key in the destination's address when eBay pushes.
import type { Sql } from './client.ts'
import { GRANT_WORKS } from './marketplace-connections.ts'

export interface OrderPushRow {
  connectionId: number
  pushKey: string
  accountId: string
  destinationId: string | null
  subscriptionId: string | null
  refused: string | null
}

const COLUMNS = 'connection_id, push_key, account_id, destination_id, subscription_id, refused'

/**
 * The connection's push, made with `newKey` the first time. Connected to another eBay account since, it starts over
 * for that account (the destination, which is this server's address, is kept).
 */
export async function claimOrderPush(
  sql: Sql,
  connectionId: number,
  accountId: string,
  newKey: string,
): Promise<OrderPushRow> {
  await sql`
    insert into ebay_order_push (connection_id, push_key, account_id) values (${connectionId}, ${newKey}, ${accountId})
    on conflict (connection_id) do update
      set account_id = excluded.account_id, subscription_id = null, refused = null, updated_at = now()
      where ebay_order_push.account_id is distinct from excluded.account_id`
  const [row] = await sql<OrderPushRow[]>`
    select ${sql.unsafe(COLUMNS)} from ebay_order_push where connection_id = ${connectionId}`
  return row!
}

export async function recordDestination(sql: Sql, connectionId: number, destinationId: string): Promise<void> {
  await sql`update ebay_order_push set destination_id = ${destinationId}, updated_at = now()
    where connection_id = ${connectionId}`
}

export async function recordSubscription(sql: Sql, connectionId: number, subscriptionId: string): Promise<void> {
  await sql`update ebay_order_push set subscription_id = ${subscriptionId}, updated_at = now()
    where connection_id = ${connectionId}`
}

export async function recordRefusal(sql: Sql, connectionId: number, refused: string): Promise<void> {
  await sql`update ebay_order_push set refused = ${refused}, updated_at = now() where connection_id = ${connectionId}`
}

/** The seller whose destination has this key (undefined once they disconnected eBay). */
export async function sellerOfPushKey(sql: Sql, pushKey: string): Promise<number | undefined> {
  const [row] = await sql<{ userId: number }[]>`
    select c.user_id from ebay_order_push p join marketplace_connections c on c.id = p.connection_id
    where p.push_key = ${pushKey}`
  return row?.userId
}

/**
 * Sellers whose working eBay grant holds `scope` and who have no subscription for their account yet, nor a refusal
 * of eBay's for it.
 */
export async function sellersAwaitingPush(sql: Sql, scope: string): Promise<number[]> {
  const rows = await sql<{ userId: number }[]>`
    select c.user_id from marketplace_connections c
      left join ebay_order_push p on p.connection_id = c.id and p.account_id = c.account_id
    where c.platform = 'ebay' and ${scope} = any(c.scopes) and ${sql.unsafe(GRANT_WORKS)}
      and p.subscription_id is null and p.refused is null`
  return rows.map((row) => row.userId)
}
