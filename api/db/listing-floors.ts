// SQL for listing_floors: the floor a seller typed on a listing and whether its markdowns are paused (migration 0067,
// decision 0075), and what a listing's computed floor is made of: its cost, that typed floor and the marketplaces
// where it is live.
import type { Platform } from '../contract/marketplace-paths.ts'
import type { Sql, Tx } from './client.ts'

/** Sets the typed floor (null: none) or the pause of one of the seller's listings; false when it is not theirs. */
export async function setListingFloor(
  sql: Sql,
  userId: number,
  listingId: number,
  change: { floorCents: number | null } | { paused: boolean },
) {
  const [row] = await sql`
    insert into listing_floors (listing_id, floor_cents, markdowns_paused)
    select id, ${'floorCents' in change ? change.floorCents : null}, ${'paused' in change ? change.paused : false}
    from listings where id = ${listingId} and user_id = ${userId} and deleting_since is null
    on conflict (listing_id) do update set ${
      'floorCents' in change
        ? sql`floor_cents = excluded.floor_cents`
        : sql`markdowns_paused = excluded.markdowns_paused`
    }
    returning listing_id`
  return row !== undefined
}

export interface FloorRow {
  id: number
  costCents: number | null
  typedCents: number | null
  /** The marketplaces where it is live now; empty when it is live nowhere. */
  liveOn: Platform[]
  /** The seller paused its markdowns. */
  paused: boolean
}

/** What the floors of these listings of the seller are made of; a listing not theirs is left out. */
export const floorRows = (sql: Sql | Tx, userId: number, ids: number[]) =>
  sql<FloorRow[]>`
    select l.id, l.cost_cents, f.floor_cents as typed_cents, coalesce(f.markdowns_paused, false) as paused,
      coalesce((select array_agg(p.marketplace order by p.marketplace) from listing_places p
        where p.listing_id = l.id and p.state = 'live'), '{}') as live_on
    from listings l left join listing_floors f on f.listing_id = l.id
    where l.user_id = ${userId} and l.id = any(${ids}::int[]) and l.deleting_since is null`
