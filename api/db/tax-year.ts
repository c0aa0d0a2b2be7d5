// SQL for the tax year's cost of goods (issue 52, docs/decisions/0061): the seller's inventory at cost at two instants
// and what was bought between, from the books' costs. Every piece is a listing's: one still held (acquired when it was
// bought, else listed; never gone) or one a sale counted (acquired then, or at its sale if bought later; gone at the
// sale). So inventory at the start + bought − at the end is exactly the cost of the pieces sold in the year, which the
// Insights' sums say too (api/db/insights.ts).
import type { Sql } from './client.ts'
import { COUNTED_PIECES_SQL } from './marketplace-sales.ts'

export interface InventorySums {
  startCents: number
  boughtCents: number
  endCents: number
}

export const inventorySums = async (sql: Sql, userId: number, start: Date, end: Date) =>
  (
    await sql<InventorySums[]>`
      with pieces as (
        select l.cost_cents as cost, l.quantity as pieces,
          coalesce(l.bought_on::timestamp at time zone 'UTC', l.created_at) as acquired,
          'infinity'::timestamptz as gone
        from listings l
        where l.user_id = ${userId} and l.deleting_since is null and l.quantity > 0 and l.cost_cents is not null
        union all
        select l.cost_cents, ${sql.unsafe(COUNTED_PIECES_SQL)},
          least(coalesce(l.bought_on::timestamp at time zone 'UTC', l.created_at), s.sold_at), s.sold_at
        from marketplace_sales s join listings l on l.id = s.listing_id and l.user_id = s.user_id
        where s.user_id = ${userId} and l.cost_cents is not null
      )
      select
        coalesce(sum(cost * pieces) filter (where acquired < ${start} and gone >= ${start}), 0)::float8 as start_cents,
        coalesce(sum(cost * pieces) filter (where acquired >= ${start} and acquired < ${end}), 0)::float8
          as bought_cents,
        coalesce(sum(cost * pieces) filter (where acquired < ${end} and gone >= ${end}), 0)::float8 as end_cents
      from pieces`
  )[0]!
