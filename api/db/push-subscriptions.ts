// SQL for push_subscriptions: each device's Web Push subscription and the kinds it gets. Every read and change but the
// sender's own (by id, from a job) is scoped to the seller. A device its push service reported gone keeps its row,
// marked, so nothing the seller can read depends on that answer (migration 0047).
import type { NotificationKind, NotificationKinds } from '../contract/push.ts'
import type { Sql, Tx } from './client.ts'

export interface PushSubscriptionRow {
  id: number
  userId: number
  endpoint: string
  p256dh: string
  auth: string
}

export interface NewSubscription {
  endpoint: string
  p256dh: string
  auth: string
  /** Undefined: a device subscribed before keeps its kinds, a new one gets them all. */
  kinds: NotificationKinds | undefined
}

/**
 * Saves the device's subscription for the seller (pushed to again if it was marked gone) and returns its kinds;
 * undefined when another seller's account holds that endpoint (the device then subscribes anew, which gives it another
 * endpoint, so nobody takes over a device).
 */
export async function saveSubscription(
  sql: Sql | Tx,
  userId: number,
  sub: NewSubscription,
): Promise<NotificationKinds | undefined> {
  const keep = sub.kinds === undefined
  const [row] = await sql<NotificationKinds[]>`
    insert into push_subscriptions (user_id, endpoint, p256dh, auth, sales, problems)
    values (${userId}, ${sub.endpoint}, ${sub.p256dh}, ${sub.auth}, ${sub.kinds?.sales ?? true},
      ${sub.kinds?.problems ?? true})
    on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, updated_at = now(),
      gone_at = null,
      sales = case when ${keep} then push_subscriptions.sales else excluded.sales end,
      problems = case when ${keep} then push_subscriptions.problems else excluded.problems end
    where push_subscriptions.user_id = excluded.user_id
    returning sales, problems`
  return row
}

/**
 * Removes the seller's devices beyond the `keep` sent most recently, gone or not (which ones go must not depend on how
 * their push services answered). Under the seller's row lock, so two devices subscribing at once cannot both stay.
 */
export async function dropOldestSubscriptions(tx: Tx, userId: number, keep: number): Promise<void> {
  await tx`
    delete from push_subscriptions where user_id = ${userId} and id not in (
      select id from push_subscriptions where user_id = ${userId} order by updated_at desc, id desc limit ${keep})`
}

/** Removes the seller's subscription of this device; false when the seller has none at that endpoint. */
export async function deleteSubscription(sql: Sql, userId: number, endpoint: string): Promise<boolean> {
  const rows =
    await sql`delete from push_subscriptions where user_id = ${userId} and endpoint = ${endpoint} returning id`
  return rows.length > 0
}

/** The seller's devices that get this kind and were not reported gone. */
export async function subscriptionsFor(sql: Sql, userId: number, kind: NotificationKind): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from push_subscriptions where user_id = ${userId} and ${sql(kind)} and gone_at is null order by id`
  return rows.map((row) => row.id)
}

/** A device to push to; undefined once it is removed or reported gone. */
export async function findSubscription(sql: Sql, id: number): Promise<PushSubscriptionRow | undefined> {
  const [row] = await sql<PushSubscriptionRow[]>`
    select id, user_id, endpoint, p256dh, auth from push_subscriptions where id = ${id} and gone_at is null`
  return row
}

/** The push service says the subscription is gone (404/410): nothing more is sent to it until the device sends it again. */
export async function markGone(sql: Sql, id: number): Promise<void> {
  await sql`update push_subscriptions set gone_at = now() where id = ${id}`
}
