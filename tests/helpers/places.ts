// A listing's place on eBay as eBay's writers leave it (listing_places, migration 0062), for tests that need a listing
// live or ended there without publishing it.
import type { Sql } from '../../api/db/client.ts'

/** Puts the listing on eBay in `state`, under eBay's listing id `ebayId` (its own id unless given). */
export async function placeOnEbay(
  sql: Sql,
  listingId: number,
  state: 'live' | 'ended' = 'live',
  ebayId = String(listingId),
): Promise<void> {
  await sql`
    insert into listing_places (listing_id, marketplace, external_id, state) values (${listingId}, 'ebay', ${ebayId}, ${state})
    on conflict (listing_id, marketplace) do update set external_id = excluded.external_id, state = excluded.state`
}
