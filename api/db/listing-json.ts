// The seller's listings as the API answers them, written by Postgres as JSON text: the whole list, the chosen ones,
// one, and the object the search's pages and the live events carry (listingJson).
import postgres from 'postgres'
import { LISTING_FIELD_ENTRIES } from '../contract/listing-fields.ts'
import type { Listing } from '../contract/listing.ts'
import { SPEC_MARKETPLACE } from '../contract/marketplace-paths.ts'
import type { JsonText } from '../json-text.ts'
import type { Sql } from './client.ts'
import { COLUMN_LIST } from './listings.ts'

// A listing's fields as one JSON object, with the names the API answers with (the driver's camelCase), for the lists
// Postgres writes itself. Timestamps (*_at) read as JavaScript writes them (toISOString), as in every other answer; a
// computed column (`expression as name`) under its name. A day (boughtAt) is text already. Written by row_to_json over
// a row of the listing's columns: json_build_object takes at most 100 arguments, 50 fields, and a listing has more.
const DAY_NAMES = new Set(
  LISTING_FIELD_ENTRIES.flatMap(([name, spec]) => (spec.kind === 'date' ? [postgres.fromCamel(name)] : [])),
)
const JSON_FIELDS = COLUMN_LIST.map(
  (column) => /^(?<expression>.+) as (?<name>\w+)$/s.exec(column)?.groups ?? { expression: column, name: column },
)
  .map(
    ({ expression, name }) =>
      `${name!.endsWith('_at') && !DAY_NAMES.has(name!) ? `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : expression} as "${postgres.toCamel(name!)}"`,
  )
  .join(', ')

/**
 * A listing of `listings` in the query around it as a JSON object, as the API answers it. A listing live on SPEC's
 * marketplace gets its viewUrl there: itemUrl (that marketplace's item page, up to the id) followed by its id there.
 */
export const listingJson = (sql: Sql, itemUrl: string) =>
  sql`(select row_to_json(shown_listing) from (select ${sql.unsafe(JSON_FIELDS)},
    case when not sold_out then (select ${itemUrl}::text || external_id from listing_places
      where listing_id = listings.id and marketplace = ${SPEC_MARKETPLACE} and state = 'live' and external_id <> '') end
      as "viewUrl") as shown_listing)`

/**
 * The seller's listings, newest first, as the JSON text of a Listing[]. Postgres writes it: the Dashboard asks for all
 * of them at once, and parsing a few hundred rows into objects only to serialise them again was most of the time.
 */
export async function listListingsJson(sql: Sql, userId: number, itemUrl: string): Promise<JsonText<Listing[]>> {
  const [row] = await sql<{ json: string }[]>`
    select coalesce(json_agg(${listingJson(sql, itemUrl)} order by created_at desc, id desc), '[]')::text as json
    from listings where user_id = ${userId} and deleting_since is null`
  return row!.json as JsonText<Listing[]>
}

/** The seller's listings among these ids, in the order of the ids, as the JSON text of a Listing[]. */
export async function findListingsJson(
  sql: Sql,
  userId: number,
  ids: number[],
  itemUrl: string,
): Promise<JsonText<Listing[]>> {
  const [row] = await sql<{ json: string }[]>`
    select coalesce(json_agg(${listingJson(sql, itemUrl)} order by array_position(${ids}::bigint[], id)), '[]')::text as json
    from listings where user_id = ${userId} and id = any(${ids}::bigint[]) and deleting_since is null`
  return row!.json as JsonText<Listing[]>
}

/** One of the seller's listings as the JSON text of a Listing; undefined when it is not theirs or is being deleted. */
export async function findListingJson(
  sql: Sql,
  userId: number,
  id: number,
  itemUrl: string,
): Promise<JsonText<Listing> | undefined> {
  const [row] = await sql<{ json: string }[]>`
    select ${listingJson(sql, itemUrl)}::text as json
    from listings where user_id = ${userId} and id = ${id} and deleting_since is null`
  return row?.json as JsonText<Listing> | undefined
}
