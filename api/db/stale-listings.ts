// SQL for the stale listings (issue 51, docs/decisions/0080): live somewhere now with pieces left, live `afterDays`
// or more (from its first live place, as the markdown ladder counts) and sold nothing in as many days. Read oldest
// first through listings_user_status_created_idx and stopped at `limit`: the Dashboard's notice costs what it names,
// not what the seller holds.
import type { Sql } from './client.ts'

export interface StaleRow {
  id: number
  title: string
  priceCents: number | null
  daysLive: number
}

export const staleListings = (sql: Sql, userId: number, afterDays: number, limit: number) =>
  sql<StaleRow[]>`
    select l.id, l.title, l.asking_price_cents as price_cents,
      floor(extract(epoch from now() - p.since) / 86400)::int as days_live
    from listings l
    join lateral (select min(created_at) as since from listing_places
      where listing_id = l.id and state = 'live') p on p.since <= now() - make_interval(days => ${afterDays})
    where l.user_id = ${userId} and l.dashboard_status = 'live' and l.deleting_since is null
      -- A place is made after its listing: the index's created_at keeps the listings too new out unread.
      and l.created_at <= now() - make_interval(days => ${afterDays})
      and l.quantity > 0 and not l.sold_out
      and not exists (select 1 from marketplace_sales s where s.listing_id = l.id and s.cancelled_at is null
        and s.sold_at > now() - make_interval(days => ${afterDays}))
    order by l.created_at, l.id limit ${limit}`
