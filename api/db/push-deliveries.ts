// SQL for marketplace_push_deliveries: the pushes (webhooks) a marketplace delivered and Snaplist took, by the id the
// marketplace gives each delivery, so that one delivered again does nothing (migration 0066).
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Sql, Tx } from './client.ts'

/** True the first time this delivery is taken, in the transaction that acts on it; false when it was taken before. */
export async function takeDelivery(tx: Tx, marketplace: Platform, deliveryId: string): Promise<boolean> {
  const rows = await tx`
    insert into marketplace_push_deliveries (marketplace, delivery_id) values (${marketplace}, ${deliveryId})
    on conflict do nothing returning delivery_id`
  return rows.length > 0
}

/** Forgets the deliveries taken more than `days` ago (the marketplace retries no longer); answers how many. */
export async function forgetDeliveries(sql: Sql, marketplace: Platform, days: number): Promise<number> {
  const result = await sql`
    delete from marketplace_push_deliveries
    where marketplace = ${marketplace} and received_at < now() - make_interval(days => ${days})`
  return result.count
}
