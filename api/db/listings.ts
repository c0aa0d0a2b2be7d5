// SQL for the listings table. Every query is scoped to the owner (another user's id simply finds nothing), except
// the admin ones, whose names say so.
import postgres from 'postgres'
import type { AdminListing } from '../contract/admin.ts'
import { toCents, type FillableField, type ListingFill, type ListingInput, type Listing } from '../contract/listing.ts'
import type { Sql, Tx } from './client.ts'

const COLUMNS = `id, user_id, client_id, title, description, price, median_used_price, category, keywords, color,
  quantity, images, ai_suggestions, created_at, platform_listing_id, platform_status, brand, size, type, size_type, department,
  condition, ebay_condition, ebay_condition_description, (asking_price_cents / 100.0)::float8 as asking_price`

// A listing's fields as json_build_object's arguments, with the names the API answers with (the driver's camelCase),
// for the lists Postgres writes itself. Timestamps (*_at) read as JavaScript writes them (toISOString), as in every
// other answer; a computed column (`expression as name`) under its name.
const JSON_FIELDS = COLUMNS.split(',')
  .map((column) => column.trim())
  .map((column) => /^(?<expression>.+) as (?<name>\w+)$/.exec(column)?.groups ?? { expression: column, name: column })
  .map(({ expression, name }) => `'${postgres.toCamel(name!)}', ${name!.endsWith('_at') ? `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : expression}`)
  .join(', ')

/**
 * The seller's listings, newest first, as the JSON text of a Listing[]. Postgres writes it: the Dashboard asks for all
 * of them at once, and parsing a few hundred rows into objects only to serialise them again was most of the time.
 * A listing live on eBay (platform id 'ebay-<eBay's id>') gets its viewUrl: ebayItemUrl followed by eBay's id.
 */
export async function listListingsJson(sql: Sql, userId: number, ebayItemUrl: string): Promise<string> {
  const [row] = await sql<{ json: string }[]>`
    select coalesce(json_agg(json_build_object(${sql.unsafe(JSON_FIELDS)},
      'viewUrl', case when platform_status = 'active' and platform_listing_id like 'ebay-_%'
        then ${ebayItemUrl}::text || substr(platform_listing_id, 6) end) order by created_at desc, id desc), '[]')::text as json
    from listings where user_id = ${userId}`
  return row!.json
}

export async function findListing(sql: Sql, userId: number, id: number): Promise<Listing | undefined> {
  const [row] = await sql<Listing[]>`select ${sql.unsafe(COLUMNS)} from listings where user_id = ${userId} and id = ${id}`
  return row
}

export async function findListingByClientId(sql: Sql | Tx, userId: number, clientId: string): Promise<Listing | undefined> {
  const [row] = await sql<Listing[]>`select ${sql.unsafe(COLUMNS)} from listings where user_id = ${userId} and client_id = ${clientId}`
  return row
}

/** Inserts the listing; with a clientId already used (by anyone), inserts nothing and returns undefined. */
export async function insertListing(tx: Tx, userId: number, input: ListingInput): Promise<Listing | undefined> {
  const [row] = await tx<Listing[]>`
    insert into listings (user_id, client_id, title, description, price, median_used_price, category, keywords, color,
      quantity, images, ai_suggestions, brand, size, type, size_type, department, asking_price_cents)
    values (${userId}, ${input.clientId ?? null}, ${input.title}, ${input.description}, ${input.price},
      ${input.medianUsedPrice}, ${input.category}, ${input.keywords}, ${input.color}, ${input.quantity}, ${input.images},
      ${input.aiSuggestions === null ? null : tx.json(input.aiSuggestions as never)}, ${input.brand}, ${input.size},
      ${input.type}, ${input.sizeType}, ${input.department}, ${input.askingPrice === null ? null : toCents(input.askingPrice)})
    on conflict (client_id) do nothing
    returning ${tx.unsafe(COLUMNS)}`
  return row
}

/** The seller's listing, locked until the transaction ends, so a change computed from it cannot race another. */
export async function lockListing(tx: Tx, userId: number, id: number): Promise<Listing | undefined> {
  const [row] = await tx<Listing[]>`select ${tx.unsafe(COLUMNS)} from listings where user_id = ${userId} and id = ${id} for update`
  return row
}

export async function updateListingFields(tx: Tx, id: number, changes: ListingFill, fields: FillableField[]): Promise<Listing> {
  const values = { ...changes, ...(changes.aiSuggestions ? { aiSuggestions: tx.json(changes.aiSuggestions as never) } : {}) }
  const [row] = await tx<Listing[]>`update listings set ${tx(values, fields)} where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row!
}

export async function deleteListing(tx: Tx, userId: number, id: number): Promise<Listing | undefined> {
  const [row] = await tx<Listing[]>`delete from listings where user_id = ${userId} and id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row
}

export async function listAllListings(sql: Sql, { limit, offset }: { limit: number; offset: number }): Promise<AdminListing[]> {
  return sql<AdminListing[]>`
    select ${sql.unsafe(COLUMNS)}, (select username from users where users.id = listings.user_id) as owner_username
    from listings
    order by created_at desc, id desc
    limit ${limit} offset ${offset}`
}

export async function countAllListings(sql: Sql): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from listings`
  return row!.count
}

export async function deleteAnyListing(tx: Tx, id: number): Promise<Listing | undefined> {
  const [row] = await tx<Listing[]>`delete from listings where id = ${id} returning ${tx.unsafe(COLUMNS)}`
  return row
}

export async function deleteUserListings(tx: Tx, userId: number): Promise<number> {
  const result = await tx`delete from listings where user_id = ${userId}`
  return result.count
}

/** What publishing to eBay keeps on a listing between attempts. */
export interface EbayListingState {
  ebayCategoryId: string | null
  ebayCategoryName: string | null
  ebayAspects: Record<string, string>
  ebayOfferId: string | null
}

export async function findEbayState(sql: Sql, id: number): Promise<EbayListingState> {
  const [row] = await sql<EbayListingState[]>`
    select ebay_category_id, ebay_category_name, ebay_aspects, ebay_offer_id from listings where id = ${id}`
  return row ?? { ebayCategoryId: null, ebayCategoryName: null, ebayAspects: {}, ebayOfferId: null }
}

export async function saveEbayCategory(sql: Sql, id: number, category: { id: string; name: string }): Promise<void> {
  await sql`update listings set ebay_category_id = ${category.id}, ebay_category_name = ${category.name} where id = ${id}`
}

/** The seller's Price, as set in the Post to eBay dialog. */
export async function saveAskingPrice(sql: Sql, id: number, dollars: number): Promise<void> {
  await sql`update listings set asking_price_cents = ${toCents(dollars)} where id = ${id}`
}

export async function saveEbayOffer(sql: Sql, id: number, offerId: string | null): Promise<void> {
  await sql`update listings set ebay_offer_id = ${offerId} where id = ${id}`
}

export async function markPostedToEbay(
  sql: Sql,
  id: number,
  posted: { platformListingId: string; condition: string; ebayCondition: string; conditionDescription: string; aspects: Record<string, string> },
): Promise<void> {
  await sql`
    update listings set platform_listing_id = ${posted.platformListingId}, platform_status = 'active',
      condition = ${posted.condition}, ebay_condition = ${posted.ebayCondition},
      ebay_condition_description = ${posted.conditionDescription}, ebay_aspects = ${sql.json(posted.aspects)}
    where id = ${id}`
}
