// SQL for what the listings table keeps of a listing's life on eBay: the category, item specifics, SKU and offer kept
// between attempts, and the marks of posting, ending and relisting. Only for a listing its owner's service found.
import type { Listing } from '../contract/listing.ts'
import type { Sql, Tx } from './client.ts'
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
    select ebay_category_id, ebay_category_name, ebay_category_chosen, ebay_aspects, ebay_offer_id,
      ebay_shipping_policy_id
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

export async function findEbaySku(sql: Sql, id: number): Promise<string | null | undefined> {
  const [row] = await sql<{ ebaySku: string | null }[]>`select ebay_sku from listings where id = ${id}`
  return row?.ebaySku
}

/** The published offers of those listings that have one on eBay (their SKU and offer id), for new prices. */
export const findEbayOffers = (sql: Sql, ids: number[]) =>
  sql<{ listingId: number; sku: string; offerId: string }[]>`
    select id as listing_id, ebay_sku as sku, ebay_offer_id as offer_id from listings
    where id = any(${ids}::int[]) and ebay_sku is not null and ebay_offer_id is not null`

/** Keeps the SKU unless the listing has one already (a racing publish), and answers the one it has. */
export async function keepEbaySku(sql: Sql, id: number, sku: string): Promise<string> {
  await sql`update listings set ebay_sku = ${sku} where id = ${id} and ebay_sku is null`
  return (await findEbaySku(sql, id)) ?? sku
}

export async function saveEbayOffer(sql: Sql, id: number, offerId: string | null): Promise<void> {
  await sql`update listings set ebay_offer_id = ${offerId} where id = ${id}`
}

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
  await sql`
    update listings set platform_listing_id = ${posted.platformListingId}, platform_status = 'active',
      condition = ${posted.condition}, ebay_condition = ${posted.ebayCondition},
      ebay_condition_description = ${posted.conditionDescription}, ebay_aspects = ${sql.json(posted.aspects)}
    where id = ${id}`
}

/** Ends the listing on Snaplist's side once eBay has ended it; only a live one (a sale that came first wins). */
export async function markEndedOnEbay(sql: Sql, id: number): Promise<void> {
  await sql`update listings set platform_status = 'ended' where id = ${id} and platform_status = 'active'`
}

/** Live on eBay again, under the listing id eBay gave the relisted offer. */
export async function markRelistedOnEbay(sql: Sql, id: number, platformListingId: string): Promise<void> {
  await sql`update listings set platform_status = 'active', platform_listing_id = ${platformListingId} where id = ${id}`
}
