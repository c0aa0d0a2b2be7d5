// SQL for listing_steps: a listing's history (issue 50, docs/decisions/0073), a step written in the transaction of
// the change it records (a sale, pieces cancelled or returned, a place live again), read back oldest first.
import type { SoldOn } from '../contract/listing.ts'
import type { ListingStepKind } from '../contract/listing-steps.ts'
import type { Sql, Tx } from './client.ts'

/** Records a step of the listing, in the caller's transaction. */
export async function addListingStep(
  sql: Sql | Tx,
  listingId: number,
  step: ListingStepKind,
  marketplace: SoldOn,
  pieces: number | null,
  at?: Date,
): Promise<void> {
  await sql`
    insert into listing_steps (listing_id, step, marketplace, pieces, at)
    values (${listingId}, ${step}, ${marketplace}, ${pieces}, coalesce(${at ?? null}::timestamptz, now()))`
}

/** The listing's steps, oldest first; only the seller's own listing's. */
export const listingSteps = (sql: Sql, userId: number, listingId: number) =>
  sql<{ step: ListingStepKind; marketplace: SoldOn; pieces: number | null; at: Date }[]>`
    select s.step, s.marketplace, s.pieces, s.at from listing_steps s join listings l on l.id = s.listing_id
    where s.listing_id = ${listingId} and l.user_id = ${userId}
    order by s.at, s.id`
