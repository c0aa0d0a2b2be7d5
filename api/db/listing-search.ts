// SQL for the Dashboard's search over the listings table (docs/product.md §2): a page of the listings the search, status
// filter and sort keep, and the ids of every ready listing the search finds, for posting them all at once. Scoped to
// the owner, as every listing query is.
import {
  LISTINGS_PAGE_SIZE,
  searchWords,
  type ListingPage,
  type ListingSearch,
  type ListingSort,
  type ReadyListingIds,
} from '../contract/listing-search.ts'
import type { ListingStatus } from '../contract/listing.ts'
import type { JsonText } from '../json-text.ts'
import type { Sql } from './client.ts'
import { listingJsonFields } from './listings.ts'

/** A listing's status on the Dashboard, as listingStatus (contract/listing.ts) derives it, for SQL to filter and count by. */
const STATUS_SQL = `case when platform_status = 'active' and platform_listing_id like 'ebay%' then 'live'
  when platform_status = 'sold' then 'sold' when platform_status = 'ended' then 'ended' else 'ready' end`
/** The price eBay gets, in cents, as priceForEbay (contract/listing.ts) chooses it; migration 0021 indexes it. */
export const PRICE_SQL = 'coalesce(asking_price_cents, nullif(median_used_price, 0) * 100, price * 100)'
const ORDER_SQL: Record<ListingSort, string> = {
  newest: 'listings.created_at desc, listings.id desc',
  oldest: 'listings.created_at asc, listings.id asc',
  'price-low': `${PRICE_SQL} asc, listings.id desc`,
  'price-high': `${PRICE_SQL} desc, listings.id desc`,
}

/** A word as a LIKE pattern that finds it anywhere: its own % and _ match only themselves. */
const anywhere = (word: string) => `%${word.replace(/[\\%_]/g, (special) => `\\${special}`)}%`

/** The listings the search's words and the status keep (a listing being ended on eBay for its delete never: 0023). */
function matching(sql: Sql, q: string, status: ListingStatus | undefined) {
  return searchWords(q).reduce(
    (condition, word) => sql`${condition} and (title ilike ${anywhere(word)} or brand ilike ${anywhere(word)}
      or array_to_string(keywords, ' ') ilike ${anywhere(word)} or lower(ebay_sku) = lower(${word}) or 'snaplist' || id = ${word})`,
    status ? sql`deleting_since is null and (${sql.unsafe(STATUS_SQL)}) = ${status}` : sql`deleting_since is null`,
  )
}

/**
 * One page of the seller's listings that the search and status filter keep, in the sort's order, with how many match
 * and the counts by status, as the JSON text of a ListingPage. Only the page's rows are read whole and written out.
 */
export async function searchListingsJson(
  sql: Sql,
  userId: number,
  search: ListingSearch,
  ebayItemUrl: string,
): Promise<JsonText<ListingPage>> {
  const matches = matching(sql, search.q, search.status)
  const order = sql.unsafe(ORDER_SQL[search.sort])
  const [row] = await sql<{ json: string }[]>`
    with shown as (select listings.id as shown_id from listings where user_id = ${userId} and ${matches} order by ${order} limit ${LISTINGS_PAGE_SIZE} offset ${search.offset})
    select json_build_object(
      'listings', (select coalesce(json_agg(json_build_object(${listingJsonFields(sql, ebayItemUrl)}) order by ${order}), '[]')
        from shown join listings on listings.id = shown.shown_id),
      'total', (select count(*) from listings where user_id = ${userId} and ${matches}),
      'counts', (select json_build_object('ready', count(*) filter (where status = 'ready'), 'live', count(*) filter (where status = 'live'),
          'sold', count(*) filter (where status = 'sold'), 'ended', count(*) filter (where status = 'ended'))
        from (select ${sql.unsafe(STATUS_SQL)} as status from listings where user_id = ${userId} and deleting_since is null) as statuses)
    )::text as json`
  return row!.json as JsonText<ListingPage>
}

/** The ids of the ready listings the search finds, in the sort's order, at most `limit` of them, and how many there are. */
export async function readyListingIds(
  sql: Sql,
  userId: number,
  search: Pick<ListingSearch, 'q' | 'sort'>,
  limit: number,
): Promise<ReadyListingIds> {
  // One scan: the window's count is taken over every match before the limit cuts them (none found: total 0).
  const rows = await sql<{ id: number; total: number }[]>`
    select id, (count(*) over ())::int as total from listings
    where user_id = ${userId} and ${matching(sql, search.q, 'ready')}
    order by ${sql.unsafe(ORDER_SQL[search.sort])} limit ${limit}`
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 }
}

/** The ids of every listing the search and status filter keep, newest first, at most `limit` (a bulk action's selection). */
export async function matchingListingIds(
  sql: Sql,
  userId: number,
  search: { q: string; status?: ListingStatus | undefined },
  limit: number,
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from listings where user_id = ${userId} and ${matching(sql, search.q, search.status)}
    order by ${sql.unsafe(ORDER_SQL.newest)} limit ${limit}`
  return rows.map((row) => row.id)
}
