// SQL for bulk_actions and their items (migration 0035): scoped to the owner wherever a request names one. An item moves
// on from 'queued' once, in the transaction that changes its listing, so no listing is changed twice by one action.
import type { BulkAction, BulkActionFailure, FloorHeld } from '../contract/bulk-actions.ts'
import type { Sql, Tx } from './client.ts'
import { PRICE_SQL } from './listing-search.ts'

export type BulkItemStatus = 'queued' | 'sending' | 'done' | 'refused' | 'unchanged'

export async function findBulkActionByClientId(
  sql: Sql,
  userId: number,
  clientId: string,
): Promise<number | undefined> {
  const [row] = await sql<{ id: number }[]>`
    select id from bulk_actions where user_id = ${userId} and client_id = ${clientId}`
  return row?.id
}

/**
 * The action's row and one item per listing (with its title, the seller's own), in the order chosen; undefined when a
 * twin request made them first.
 */
export async function insertBulkAction(
  tx: Tx,
  userId: number,
  clientId: string,
  action: BulkAction,
  listingIds: number[],
): Promise<number | undefined> {
  const [row] = await tx<{ id: number }[]>`
    insert into bulk_actions (user_id, client_id, action) values (${userId}, ${clientId}, ${tx.json(action)})
    on conflict (user_id, client_id) do nothing returning id`
  if (!row) return undefined
  await tx`
    insert into bulk_action_items (bulk_action_id, listing_id, position, title)
    select ${row.id}, chosen.id, chosen.position - 1, listings.title
    from unnest(${listingIds}::int[]) with ordinality as chosen (id, position)
    join listings on listings.id = chosen.id and listings.user_id = ${userId}`
  return row.id
}

export async function findBulkAction(
  sql: Sql,
  userId: number,
  id: number,
): Promise<{ action: BulkAction; total: number; finished: number; unchanged: number } | undefined> {
  const [row] = await sql<{ action: BulkAction; total: number; finished: number; unchanged: number }[]>`
    select action,
      (select count(*)::int from bulk_action_items where bulk_action_id = a.id) as total,
      (select count(*)::int from bulk_action_items where bulk_action_id = a.id and status not in ('queued', 'sending')) as finished,
      (select count(*)::int from bulk_action_items where bulk_action_id = a.id and status = 'unchanged') as unchanged
    from bulk_actions a where id = ${id} and user_id = ${userId}`
  return row
}

export const findFailures = (sql: Sql, id: number) =>
  sql<BulkActionFailure[]>`
    select listing_id, title, code, message from bulk_action_items
    where bulk_action_id = ${id} and status = 'refused' order by position`

/** The listings a price cut's floor held, in the order chosen; lowered when the floor was below their price. */
export const findFloorHeld = (sql: Sql, id: number) =>
  sql<FloorHeld[]>`
    select listing_id, title, status <> 'unchanged' as lowered from bulk_action_items
    where bulk_action_id = ${id} and floor_held order by position`

/** The chunk's items still queued, locked until the transaction ends: one job changes them. */
export async function lockQueued(tx: Tx, id: number, listingIds: number[]): Promise<number[]> {
  const rows = await tx<{ listingId: number }[]>`
    select listing_id from bulk_action_items
    where bulk_action_id = ${id} and listing_id = any(${listingIds}::int[]) and status = 'queued'
    order by position for update`
  return rows.map((row) => row.listingId)
}

/**
 * The chunk's items with their listing changed and a marketplace's call for many prices still to make: the listing's
 * price now (the action's, or the seller's edit since, which the marketplace should have rather than the action's);
 * null when the listing has gone since.
 */
export const findSending = (sql: Sql, id: number, listingIds: number[]) =>
  sql<{ listingId: number; cents: number | null }[]>`
    select item.listing_id, ${sql.unsafe(PRICE_SQL)} as cents
    from bulk_action_items item left join listings on listings.id = item.listing_id
    where item.bulk_action_id = ${id} and item.listing_id = any(${listingIds}::int[]) and item.status = 'sending'
    order by item.position`

/** The chunk's items not yet finished (ending and deleting, which finish one listing at a time). */
export const findUnfinished = (sql: Sql, id: number, listingIds: number[]) =>
  sql<{ listingId: number }[]>`
    select listing_id from bulk_action_items
    where bulk_action_id = ${id} and listing_id = any(${listingIds}::int[]) and status in ('queued', 'sending')
    order by position`

export type ItemOutcome =
  | { status: 'sending' | 'done' | 'unchanged'; newValue?: number; floorHeld?: boolean }
  | { status: 'refused'; code: string; message: string }

/**
 * Moves the item on from `from`; false when it had already moved (a twin job got there first), so the caller does
 * nothing that belongs to the move.
 */
export async function moveItem(
  sql: Sql | Tx,
  id: number,
  listingId: number,
  from: BulkItemStatus[],
  outcome: ItemOutcome,
): Promise<boolean> {
  const rows = await sql`
    update bulk_action_items set status = ${outcome.status},
      new_value = coalesce(${'newValue' in outcome ? (outcome.newValue ?? null) : null}::int, new_value),
      floor_held = floor_held or ${'floorHeld' in outcome ? (outcome.floorHeld ?? false) : false},
      code = ${outcome.status === 'refused' ? outcome.code : null},
      message = ${outcome.status === 'refused' ? outcome.message : null}
    where bulk_action_id = ${id} and listing_id = ${listingId} and status = any(${from}::text[])
    returning listing_id`
  return rows.length > 0
}

/** Items not finished across the seller's actions: a cap on what one seller may have waiting. */
export async function lockAndCountUnfinished(tx: Tx, userId: number): Promise<number> {
  await tx`select 1 from users where id = ${userId} for no key update`
  const [row] = await tx<{ count: number }[]>`
    select count(*)::int as count from bulk_action_items item join bulk_actions a on a.id = item.bulk_action_id
    where a.user_id = ${userId} and item.status in ('queued', 'sending')`
  return row!.count
}
