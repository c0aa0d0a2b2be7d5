// SQL for what the listings table keeps of a listing's life on eBay (the category, item specifics, condition and
// shipping policy kept between attempts), and eBay's words for its place there (listing-places.ts: the SKU and offer,
// the marks of posting, ending and relisting). Only for a listing its owner's service found.
import type { Listing } from '../contract/listing.ts'
import type { Sql, Tx } from './client.ts'
import { keepPlaceDetail, markPlaceEnded, markPlaceLive, placeDetail, savePlaceDetail } from './listing-places.ts'
import { COLUMNS } from './listings.ts'

/** What publishing to eBay keeps on a listing between attempts. */
export interface EbayListingState {
  ebayCategoryId: string | null
  ebayCategoryName: string | null
  ebayCategoryChosen: boolean
  ebayAspects: Record<string, string>
  ebayOfferId: string | null
  /** The shipping policy chosen for the listing; null: the seller's first. */
  ebayShippingPolicyId: string | null
}

export async function findEbayState(sql: Sql | Tx, id: number): Promise<EbayListingState> {
  const [row] = await sql<EbayListingState[]>`
    select ebay_category_id, ebay_category_name, ebay_category_chosen, ebay_aspects, ebay_shipping_policy_id,
      (select details ->> 'offerId' from listing_places where listing_id = listings.id and marketplace = 'ebay')
        as ebay_offer_id
    from listings where id = ${id}`
  return (
    row ?? {
      ebayCategoryId: null,
      ebayCategoryName: null,
      ebayCategoryChosen: false,
      ebayAspects: {},
      ebayOfferId: null,
      ebayShippingPolicyId: null,
    }
  )
}

/** The shipping policy the seller chose for the listing in the Post to eBay dialog. */
export async function saveEbayShippingPolicy(sql: Sql | Tx, id: number, policyId: string): Promise<void> {
  await sql`update listings set ebay_shipping_policy_id = ${policyId} where id = ${id}`
}

/** eBay's suggestion (chosen false, made again when the title or Category changes) or the seller's choice. */
export async function saveEbayCategory(
  sql: Sql | Tx,
  id: number,
  category: { id: string; name: string },
  chosen = false,
): Promise<void> {
  await sql`update listings set ebay_category_id = ${category.id}, ebay_category_name = ${category.name}, ebay_category_chosen = ${chosen} where id = ${id}`
}

/** What an edit leaves kept for eBay: the item specifics, and the category unless it is to be suggested again. */
export async function saveEbayKept(
  tx: Tx,
  id: number,
  kept: { aspects: Record<string, string>; forgetCategory: boolean },
): Promise<Listing> {
  const [row] = await tx<Listing[]>`
    update listings set ebay_aspects = ${tx.json(kept.aspects)},
      ebay_category_id = case when ${kept.forgetCategory} then null else ebay_category_id end,
      ebay_category_name = case when ${kept.forgetCategory} then null else ebay_category_name end
    where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row!
}

/** The listing's SKU on eBay, kept when it was first published (or imported); null before. */
export const findEbaySku = (sql: Sql, id: number) => placeDetail(sql, id, 'ebay', 'sku')

/** The published offers of those listings that have one on eBay (their SKU and offer id), for new prices. */
export const findEbayOffers = (sql: Sql, ids: number[]) =>
  sql<{ listingId: number; sku: string; offerId: string }[]>`
    select listing_id, details ->> 'sku' as sku, details ->> 'offerId' as offer_id from listing_places
    where listing_id = any(${ids}::int[]) and marketplace = 'ebay' and details ? 'sku' and details ? 'offerId'`

/** Keeps the SKU unless the listing has one already (a racing publish), and answers the one it has. */
export const keepEbaySku = (sql: Sql, id: number, sku: string) => keepPlaceDetail(sql, id, 'ebay', 'sku', sku)

export const saveEbayOffer = (sql: Sql, id: number, offerId: string | null) =>
  savePlaceDetail(sql, id, 'ebay', 'offerId', offerId)

/** Live on eBay under eBay's listing id, with what it went up as; a listing sold out before is for sale again. */
export async function markPostedToEbay(
  sql: Sql,
  id: number,
  posted: {
    platformListingId: string
    condition: string
    ebayCondition: string
    conditionDescription: string
    aspects: Record<string, string>
  },
): Promise<void> {
  await markPlaceLive(sql, id, 'ebay', ebayItemId(posted.platformListingId))
  await sql`
    update listings set sold_out = false, condition = ${posted.condition}, ebay_condition = ${posted.ebayCondition},
      ebay_condition_description = ${posted.conditionDescription}, ebay_aspects = ${sql.json(posted.aspects)}
    where id = ${id}`
}

/** Ends the listing on Snaplist's side once eBay has ended it; only a live one (a sale that came first wins). */
export const markEndedOnEbay = (sql: Sql, id: number) => markPlaceEnded(sql, id, 'ebay')

/** Live on eBay again, under the listing id eBay gave the relisted offer. */
export async function markRelistedOnEbay(sql: Sql, id: number, platformListingId: string): Promise<void> {
  await markPlaceLive(sql, id, 'ebay', ebayItemId(platformListingId))
  await sql`update listings set sold_out = false where id = ${id}`
}

/** eBay's listing id in SPEC's platform id ('ebay-<eBay's id>'). */
const ebayItemId = (platformListingId: string) => platformListingId.replace(/^ebay-/, '')
