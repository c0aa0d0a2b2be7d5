// SQL for the places of imported listings (listing_places, docs/decisions/0078): a place a marketplace's import made,
// written with the listing's insert, and how many the seller has. Only for a listing whose owner's service found it.
import type { Sql, Tx } from './client.ts'
import type { SellingPlace } from './listing-etsy-place.ts'

/**
 * A listing imported from its place there (docs/decisions/0078): where buyers see it, what the marketplace has of it,
 * ended when the marketplace does not sell it now; its publish done. In the listing's insert's transaction.
 */
export async function saveImportedPlace(
  tx: Tx,
  listingId: number,
  marketplace: SellingPlace,
  place: { url: string | null; quantity: number; ended: boolean },
): Promise<void> {
  await tx`
    update listing_places set url = ${place.url}, quantity_sent = ${place.quantity},
      state = case when ${place.ended} then 'ended' else state end,
      details = details || jsonb_build_object('stage', 'done'), updated_at = now()
    where listing_id = ${listingId} and marketplace = ${marketplace}`
}

/** The seller's listings imported from their places there (saveImportedPlace's). */
export async function countImported(sql: Sql, userId: number, marketplace: SellingPlace): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    select count(*)::int as count from listing_places p join listings l on l.id = p.listing_id
    where l.user_id = ${userId} and p.marketplace = ${marketplace} and p.details ->> 'imported' = 'true'`
  return row!.count
}
