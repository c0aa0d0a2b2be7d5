// SQL for markdown_changes: a listing's price lowered by a step of the ladder, once per listing and step (migration
// 0067, decision 0075): a run made again finds the step taken and changes nothing; its price waiting for a bulk call
// (migration 0072, decision 0080) and what the lowered prices sold.
import type { MarkdownChange } from '../contract/price-rules.ts'
import type { Sql, Tx } from './client.ts'
import { PRICE_SQL } from './listing-search.ts'
import { COUNTED_PIECES_SQL } from './marketplace-sales.ts'

/** A live listing the ladder may lower: its prices as the listing keeps them, days live and last step taken. */
export interface LadderCandidate {
  id: number
  title: string
  /** As the listing answers them (dollars), for listedPrice. */
  askingPrice: number | null
  medianUsedPrice: number | null
  price: number
  daysLive: number
  lastStep: number
}

/**
 * The seller's listings live somewhere now with pieces left and markdowns not paused (of these ids, when given),
 * oldest first, with how many whole days since they went live (their first live place) and the last step the ladder
 * took on each (0 for none).
 */
export const ladderCandidates = (sql: Sql | Tx, userId: number, onlyIds: number[] | null = null) =>
  sql<LadderCandidate[]>`
    select l.id, l.title, (l.asking_price_cents / 100.0)::float8 as asking_price, l.median_used_price, l.price,
      floor(extract(epoch from now() - p.since) / 86400)::int as days_live,
      coalesce((select max(step) from markdown_changes c where c.listing_id = l.id), 0)::int as last_step
    from listings l
    join lateral (select min(created_at) as since from listing_places
      where listing_id = l.id and state = 'live') p on p.since is not null
    where l.user_id = ${userId} and l.dashboard_status = 'live' and l.deleting_since is null and l.quantity > 0
      and not l.sold_out and (${onlyIds}::int[] is null or l.id = any(${onlyIds}::int[]))
      and not exists (select 1 from listing_floors f where f.listing_id = l.id and f.markdowns_paused)
    order by p.since, l.id`

/** Records the step's change; false when the step was taken already (then nothing is to change). */
export async function recordChange(tx: Tx, runId: number, change: MarkdownChange): Promise<boolean> {
  const rows = await tx`insert into markdown_changes (listing_id, step, run_id, from_cents, to_cents, floor_cents)
    values (${change.listingId}, ${change.step}, ${runId}, ${change.fromCents}, ${change.toCents}, ${change.floorCents})
    on conflict do nothing returning step`
  return rows.length > 0
}

/** The changes of these runs, with each listing's title. */
export const changesOfRuns = (sql: Sql | Tx, runIds: number[]) =>
  sql<(MarkdownChange & { runId: number })[]>`
    select c.run_id, c.listing_id, l.title, c.step, c.from_cents, c.to_cents, c.floor_cents,
      c.to_cents = c.floor_cents as at_floor
    from markdown_changes c join listings l on l.id = c.listing_id
    where c.run_id = any(${runIds}::int[]) order by c.run_id desc, c.listing_id`

/**
 * What each of these runs' lowered prices sold (decision 0080): the pieces of a changed listing sold at the price the
 * run set, after the run and before its undo, none cancelled, each sale counted once (for the latest such run) and
 * none an accepted offer's. Bounded by the runs asked for; marketplace_sales_listing_idx finds each listing's sales.
 */
export const resultsOfRuns = (sql: Sql | Tx, runIds: number[]) =>
  sql<{ runId: number; sold: number; revenueCents: number }[]>`
    select run_id, sum(pieces)::int as sold, sum(pieces * unit_price_cents)::float8 as revenue_cents
    from (
      select distinct on (s.marketplace, s.sale_id) c.run_id, s.unit_price_cents,
        ${sql.unsafe(COUNTED_PIECES_SQL)} as pieces
      from markdown_changes c join markdown_runs r on r.id = c.run_id
      join marketplace_sales s on s.listing_id = c.listing_id and s.unit_price_cents = c.to_cents
        and s.sold_at >= r.ran_at and (r.undone_at is null or s.sold_at < r.undone_at)
      where c.run_id = any(${runIds}::int[]) and s.cancelled_at is null
        and not exists (select 1 from listing_offers o where o.listing_id = s.listing_id
          and o.marketplace = s.marketplace and o.sale_id = s.sale_id)
      order by s.marketplace, s.sale_id, r.ran_at desc
    ) sold
    group by run_id`

/** The change's price goes in a marketplace's bulk call (migration 0072): marked with the change, in its transaction. */
export async function markBulkSending(tx: Tx, listingId: number, step: number): Promise<void> {
  await tx`update markdown_changes set bulk_sending = true where listing_id = ${listingId} and step = ${step}`
}

/**
 * The seller's changes whose bulk call has not been answered (of these listings, when given), with each listing's
 * price now: what is sent is the price as it is, so one changed since (an undo, an edit) is not put back to the cut.
 */
export const bulkWaiting = (sql: Sql | Tx, userId: number, onlyIds: number[] | null, limit: number) =>
  sql<{ listingId: number; step: number; cents: number | null }[]>`
    select c.listing_id, c.step, ${sql.unsafe(PRICE_SQL)} as cents
    from markdown_changes c join markdown_runs r on r.id = c.run_id join listings on listings.id = c.listing_id
    where c.bulk_sending and r.user_id = ${userId}
      and (${onlyIds}::int[] is null or c.listing_id = any(${onlyIds}::int[]))
    order by c.run_id, c.listing_id limit ${limit}`

/** The marketplaces answered the change's bulk call (taken, or handed to a revision). */
export async function bulkSent(tx: Tx, listingId: number, step: number): Promise<void> {
  await tx`update markdown_changes set bulk_sending = false where listing_id = ${listingId} and step = ${step}`
}

/** An undone run's prices go back by revisions: none of its cuts is left to send. */
export async function dropBulkSending(tx: Tx, runId: number): Promise<void> {
  await tx`update markdown_changes set bulk_sending = false where run_id = ${runId} and bulk_sending`
}
