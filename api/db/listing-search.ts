// SQL for the Dashboard's search over the listings table (docs/product.md §2): a page of the listings the search, status
// filter and sort keep, and the ids of every ready listing the search finds, for posting them all at once. Scoped to
// the owner, as every listing query is.
import type postgres from 'postgres'
import {
  LISTING_FILTERS,
  LISTING_STATUSES,
  LISTINGS_PAGE_SIZE,
  isLiveOnFilter,
  liveOnFilter,
  marketplaceOf,
  searchWords,
  type ListingFilter,
  type ListingPage,
  type ListingSearch,
  type ListingSort,
  type ReadyListingIds,
} from '../contract/listing-search.ts'
import { PLATFORMS, type Platform } from '../contract/marketplace-paths.ts'
import { isRowIdText } from '../contract/row-id.ts'
import type { JsonText } from '../json-text.ts'
import type { Sql } from './client.ts'
import { listingJson } from './listing-json.ts'

/** The listed price, in cents, as listedPrice (contract/listing.ts) chooses it; migration 0021 indexes it. */
export const PRICE_SQL = 'coalesce(asking_price_cents, nullif(median_used_price, 0) * 100, price * 100)'
/** Creation time in whole microseconds since 1970, exactly as Postgres keeps it (a cursor's sort key). */
const CREATED_MICROS_SQL = '(extract(epoch from listings.created_at) * 1000000)::bigint'
const CREATED_FROM_MICROS = (sql: Sql, micros: string) =>
  sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`

type Direction = 'asc' | 'desc'
interface SortSpec {
  /** The order on the table, which the sort's index (0002's on creation, 0021's on price, 0033's on status) reads. */
  order: string
  /** The key a cursor carries with the id (which breaks ties), a whole number, and the directions of both. */
  key: string
  directions: [key: Direction, id: Direction]
  /** The rows after a cursor, written so that index reads from there on. */
  after: (sql: Sql, key: string, id: number) => postgres.Fragment
}

const SORTS: Record<ListingSort, SortSpec> = {
  newest: {
    order: 'listings.created_at desc, listings.id desc',
    key: CREATED_MICROS_SQL,
    directions: ['desc', 'desc'],
    after: (sql, key, id) => sql`(listings.created_at, listings.id) < (${CREATED_FROM_MICROS(sql, key)}, ${id})`,
  },
  oldest: {
    order: 'listings.created_at asc, listings.id asc',
    key: CREATED_MICROS_SQL,
    directions: ['asc', 'asc'],
    after: (sql, key, id) => sql`(listings.created_at, listings.id) > (${CREATED_FROM_MICROS(sql, key)}, ${id})`,
  },
  'price-low': {
    order: `${PRICE_SQL} asc, listings.id desc`,
    key: PRICE_SQL,
    directions: ['asc', 'desc'],
    after: (sql, key, id) =>
      sql`${sql.unsafe(PRICE_SQL)} >= ${key}::bigint and (${sql.unsafe(PRICE_SQL)} > ${key}::bigint or listings.id < ${id})`,
  },
  'price-high': {
    order: `${PRICE_SQL} desc, listings.id desc`,
    key: PRICE_SQL,
    directions: ['desc', 'desc'],
    after: (sql, key, id) =>
      sql`${sql.unsafe(PRICE_SQL)} <= ${key}::bigint and (${sql.unsafe(PRICE_SQL)}, listings.id) < (${key}::bigint, ${id})`,
  },
}

/** The rows of `matches` (id, key) after a cursor, in a sort's directions. */
function afterInMatches(sql: Sql, [keyDirection, idDirection]: SortSpec['directions'], key: string, id: number) {
  const beyond = (direction: Direction) => sql.unsafe(direction === 'asc' ? '>' : '<')
  return sql`(key ${beyond(keyDirection)} ${key}::bigint or (key = ${key}::bigint and id ${beyond(idDirection)} ${id}))`
}

/**
 * The page's rows (shown_id, key, place), one more than a page to say whether another follows. Without words, read in
 * order from the sort's index from the cursor on. With words, every match is found once (the trigram index, 0033) and
 * kept as `matches`, which the total counts and the page is sorted from: reading the index in order and dropping what
 * does not match read every listing of the seller when a word was rare.
 */
function pageOf(sql: Sql, userId: number, words: string[], search: ListingSearch) {
  const sort = SORTS[search.sort]
  const [key, id] = search.after?.split('.') ?? []
  const matches = sql`user_id = ${userId} and ${matching(sql, words, search.status)}`
  if (words.length === 0) {
    const order = sql.unsafe(sort.order)
    return sql`page as (
      select listings.id as shown_id, ${sql.unsafe(sort.key)} as key, row_number() over (order by ${order}) as place
      from listings where ${matches} ${key === undefined ? sql`` : sql`and ${sort.after(sql, key, Number(id))}`}
      order by ${order} limit ${LISTINGS_PAGE_SIZE + 1})`
  }
  const order = sql.unsafe(`key ${sort.directions[0]}, id ${sort.directions[1]}`)
  return sql`matches as materialized (select listings.id, ${sql.unsafe(sort.key)} as key from listings where ${matches}),
    page as (
      select id as shown_id, key, row_number() over (order by ${order}) as place from matches
      ${key === undefined ? sql`` : sql`where ${afterInMatches(sql, sort.directions, key, Number(id))}`}
      order by ${order} limit ${LISTINGS_PAGE_SIZE + 1})`
}

/** A word as a LIKE pattern that finds it anywhere: its own % and _ match only themselves. */
const anywhere = (word: string) => `%${word.replace(/[\\%_]/g, (special) => `\\${special}`)}%`
/** The id a word names as the Dashboard shows it ('snaplist' and the id), if it is one. */
const namedId = (word: string) => {
  const id = /^snaplist([1-9]\d{0,9})$/.exec(word)?.[1]
  return id && isRowIdText(id) ? Number(id) : undefined
}

/**
 * The seller's SKUs that start with the word, as a range of text_pattern_ops' byte order (which UTF-8 keeps in the
 * characters' order): from the word to the word with its last character's successor. A range rather than LIKE 'word%',
 * which an index serves only when the planner sees the pattern, and a prepared statement's generic plan does not.
 */
function skuStartsWith(sql: Sql, word: string) {
  const characters = [...word]
  while (characters.length > 0) {
    const last = characters.pop()!.codePointAt(0)!
    // The last character has no successor (U+10FFFF): the one before it takes the step.
    if (last === 0x10ffff) continue
    const end = characters.join('') + String.fromCodePoint(last === 0xd7ff ? 0xe000 : last + 1)
    return sql`(lower(sku) ~>=~ ${word} and lower(sku) ~<~ ${end})`
  }
  return sql`lower(sku) ~>=~ ${word}`
}

/** Fragments one after another. */
const join = (sql: Sql, fragments: postgres.Fragment[]) => fragments.reduce((all, one) => sql`${all}${one}`, sql``)

/** A marketplace's bit in a listing's live_mask (0059), read once per statement. */
const bitOf = (sql: Sql, marketplace: Platform) => sql`(select bit from marketplaces where id = ${marketplace})`

/**
 * The listings a filter keeps: its status, or live and live on its marketplace (0059's live_mask, which the status
 * index carries); a listing being ended for its delete never (0023).
 */
function filtered(sql: Sql, filter: ListingFilter | undefined) {
  if (!filter) return sql`deleting_since is null`
  return isLiveOnFilter(filter)
    ? sql`deleting_since is null and dashboard_status = 'live' and live_mask & ${bitOf(sql, marketplaceOf(filter))} <> 0`
    : sql`deleting_since is null and dashboard_status = ${filter}`
}

/**
 * The listings each of the search's words finds (anywhere in the title, brand or keywords, migration 0033's trigram
 * index; the seller's SKU by its start, 0049's index; a SKU Snaplist made for a marketplace, whole, 0062's (the
 * marketplace named, as the index leads with it); or the id) that the filter keeps.
 */
function matching(sql: Sql, words: string[], filter: ListingFilter | undefined) {
  return words.reduce(
    (condition, word) => {
      const id = namedId(word)
      return sql`${condition} and (search_text ilike ${anywhere(word)}
      or ${skuStartsWith(sql, word)}
      or listings.id in (select listing_id from listing_places where marketplace = any(${PLATFORMS}::text[])
        and lower(details ->> 'sku') = ${word})${id === undefined ? sql`` : sql` or listings.id = ${id}`})`
    },
    filtered(sql, filter),
  )
}

/**
 * How many of the seller's listings each filter keeps, as rows (status, n): one count per status, each read from the
 * status index alone (0033), where one count grouped by status read every row of the seller (15 ms of a 20 ms page);
 * Live's with live on each marketplace in the same pass over the index's live range, from the live_mask it carries
 * (0059): a count apiece read that range once more each.
 */
function countsByFilter(sql: Sql, userId: number) {
  const others = LISTING_STATUSES.filter((status) => status !== 'live').map(
    (status) => sql`select ${status}::text as status, (select count(*) from listings
      where user_id = ${userId} and deleting_since is null and dashboard_status = ${sql.unsafe(`'${status}'`)}) as n`,
  )
  const column = (index: number) => sql.unsafe(`n${index}`)
  const counts = PLATFORMS.map(
    (platform, index) => sql`, count(*) filter (where live_mask & ${bitOf(sql, platform)} <> 0) as ${column(index)}`,
  )
  const rows = PLATFORMS.map((platform, index) => sql`, (${liveOnFilter(platform)}, counted.${column(index)})`)
  const byFilter = sql`select kept.status, kept.n from (select count(*) as live${join(sql, counts)} from listings
      where user_id = ${userId} and deleting_since is null and dashboard_status = 'live') as counted,
    lateral (values ('live', counted.live)${join(sql, rows)}) as kept (status, n)`
  return [...others, byFilter].reduce((union, count) => sql`${union} union all ${count}`)
}

/** How many of the search's listings there are: the matches found, or with no words read off the counts by filter. */
function totalOf(sql: Sql, words: string[], filter: ListingFilter | undefined) {
  if (words.length > 0) return sql`(select count(*) from matches)`
  if (filter) return sql`(select coalesce(sum(n), 0) from counts where status = ${filter})`
  // Every listing has one status: their counts add up to all (live on each marketplace is a part of live).
  return sql`(select coalesce(sum(n), 0) from counts
    where status in (${sql.unsafe(LISTING_STATUSES.map((status) => `'${status}'`).join(', '))}))`
}

/**
 * One page of the seller's listings that the search and status filter keep, in the sort's order from the cursor on,
 * with how many match, the counts by status and the next page's cursor, as the JSON text of a ListingPage. Only the
 * page's rows are read whole and written out.
 */
export async function searchListingsJson(
  sql: Sql,
  userId: number,
  search: ListingSearch,
  itemUrl: string,
): Promise<JsonText<ListingPage>> {
  const words = searchWords(search.q)
  const [row] = await sql<{ json: string }[]>`
    with ${pageOf(sql, userId, words, search)},
    shown as (select * from page where place <= ${LISTINGS_PAGE_SIZE}),
    counts as (${countsByFilter(sql, userId)})
    select json_build_object(
      'listings', (select coalesce(json_agg(${listingJson(sql, itemUrl)} order by shown.place), '[]')
        from shown join listings on listings.id = shown.shown_id),
      'next', case when (select count(*) from page) > ${LISTINGS_PAGE_SIZE}
        then (select key || '.' || shown_id from page where place = ${LISTINGS_PAGE_SIZE}) end,
      'total', ${totalOf(sql, words, search.status)},
      'counts', json_build_object(${sql.unsafe(
        LISTING_FILTERS.map(
          (filter) => `'${filter}', coalesce((select n from counts where status = '${filter}'), 0)`,
        ).join(', '),
      )})
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
    where user_id = ${userId} and ${matching(sql, searchWords(search.q), 'ready')}
    order by ${sql.unsafe(SORTS[search.sort].order)} limit ${limit}`
  return { ids: rows.map((row) => row.id), total: rows[0]?.total ?? 0 }
}

/** The ids of every listing the search and status filter keep, newest first, at most `limit` (a bulk action's selection). */
export async function matchingListingIds(
  sql: Sql,
  userId: number,
  search: { q: string; status?: ListingFilter | undefined },
  limit: number,
): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    select id from listings where user_id = ${userId} and ${matching(sql, searchWords(search.q), search.status)}
    order by ${sql.unsafe(SORTS.newest.order)} limit ${limit}`
  return rows.map((row) => row.id)
}

/**
 * The listing whose SKU this is, in any case (0049's index), the one of the very case first: SKUs are unique per seller
 * only as typed, so 'a-1' and 'A-1' may both be there.
 */
export async function listingIdOfSku(sql: Sql, userId: number, sku: string): Promise<number | undefined> {
  const [row] = await sql<{ id: number }[]>`
    select id from listings where user_id = ${userId} and lower(sku) = lower(${sku}) and deleting_since is null
    order by sku = ${sku} desc, id limit 1`
  return row?.id
}

/**
 * Marks the listings' settled pages all-visible and refreshes the planner's statistics, so the counts by status read
 * the status index alone (without it each count visits every row it counts). Autovacuum does this on a Postgres server;
 * PGlite has none, so the hourly housekeeping does it on both (a pass that skips pages already marked).
 */
export async function vacuumListings(sql: Sql): Promise<void> {
  await sql`vacuum (analyze) listings`
}
