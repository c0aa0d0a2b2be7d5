// SQL for listing_floors: the floor a seller typed on a listing (migration 0067, decision 0075), and what a listing's
// computed floor is made of: its cost, that typed floor and the marketplaces where it is live.
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Sql, Tx } from './client.ts'

/** Sets (or, with null, takes off) the typed floor of one of the seller's listings; false when it is not theirs. */
export async function setTypedFloor(sql: Sql, userId: number, listingId: number, cents: number | null) {
  return sql.begin(async (tx) => {
    const [owned] = await tx`select id from listings
      where id = ${listingId} and user_id = ${userId} and deleting_since is null for update`
    if (!owned) return false
    if (cents === null) await tx`delete from listing_floors where listing_id = ${listingId}`
    else
      await tx`insert into listing_floors (listing_id, floor_cents) values (${listingId}, ${cents})
        on conflict (listing_id) do update set floor_cents = excluded.floor_cents`
    return true
  })
}

export interface FloorRow {
  id: number
  costCents: number | null
  typedCents: number | null
  /** The marketplaces where it is live now; empty when it is live nowhere. */
  liveOn: Platform[]
}

/** What the floors of these listings of the seller are made of; a listing not theirs is left out. */
export const floorRows = (sql: Sql | Tx, userId: number, ids: number[]) =>
  sql<FloorRow[]>`
    select l.id, l.cost_cents, f.floor_cents as typed_cents,
      coalesce((select array_agg(p.marketplace order by p.marketplace) from listing_places p
        where p.listing_id = l.id and p.state = 'live'), '{}') as live_on
    from listings l left join listing_floors f on f.listing_id = l.id
    where l.user_id = ${userId} and l.id = any(${ids}::int[]) and l.deleting_since is null`
