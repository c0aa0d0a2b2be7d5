// GET /api/listings/search: the Dashboard's search, status filter and sort over the seller's listings, a page at a time
// (docs/product.md §2). The server searches and sorts, so the phone receives one page, never the whole inventory; each
// page names where the next one starts (a keyset cursor, docs/decisions/0036), so page 400 costs what page 1 does.
// GET /api/listings/ready-ids: the ids of every ready listing the same search finds, for 'Select all ready'.
// GET /api/listings/by-sku: the listing a label's SKU names, for the Dashboard's Scan label.
import * as v from 'valibot'
import { BULK_POST_QUEUE_MAX } from './bulk-post-max.ts'
import { idListSchema } from './id-list.ts'
import { SKU_MAX } from './sku.ts'
import type { Listing, ListingStatus } from './listing.ts'
import { PLATFORMS, type Platform } from './marketplace-paths.ts'
import { isRowIdText } from './row-id.ts'

/** Rows the Dashboard shows at first and adds per page (docs/product.md §9). */
export const LISTINGS_PAGE_SIZE = 24
/** Longest search the box takes: more than any title (80) with a brand. */
export const SEARCH_MAX = 100
/** Words of a search that count; the rest are ignored (each word is one condition on the seller's rows). */
export const SEARCH_WORDS_MAX = 8

export const LISTING_STATUSES = ['ready', 'live', 'sold', 'ended'] as const satisfies readonly ListingStatus[]

/** Live on one marketplace (`live-on-<marketplace>`): a part of Live, which is live anywhere (docs/decisions/0063). */
export type LiveOnFilter = `live-on-${Platform}`
export const liveOnFilter = (platform: Platform): LiveOnFilter => `live-on-${platform}`
export const LIVE_ON_FILTERS: readonly LiveOnFilter[] = PLATFORMS.map(liveOnFilter)
export const isLiveOnFilter = (filter: string): filter is LiveOnFilter =>
  (LIVE_ON_FILTERS as readonly string[]).includes(filter)
/** The marketplace a live-on filter names. */
export const marketplaceOf = (filter: LiveOnFilter): Platform =>
  PLATFORMS.find((platform) => liveOnFilter(platform) === filter)!

/** What the Dashboard's filter chips choose: a status, or live on one marketplace. */
export type ListingFilter = ListingStatus | LiveOnFilter
export const LISTING_FILTERS: readonly ListingFilter[] = [...LISTING_STATUSES, ...LIVE_ON_FILTERS]

/** newest: created last first; oldest: the ones waiting longest first; price as it is listed (listedPrice). */
export const LISTING_SORTS = ['newest', 'oldest', 'price-low', 'price-high'] as const
export type ListingSort = (typeof LISTING_SORTS)[number]
export const SORT_LABELS: Record<ListingSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  'price-low': 'Price: low to high',
  'price-high': 'Price: high to low',
}

/** The search as the Dashboard's address and the API's query string carry it. */
export const SearchTextSchema = v.pipe(
  v.string('q must be text'),
  v.trim(),
  v.maxLength(SEARCH_MAX, `Search for at most ${SEARCH_MAX} characters`),
)
export const ListingFilterSchema = v.picklist(LISTING_FILTERS, `status must be one of ${LISTING_FILTERS.join(', ')}`)
export const ListingSortSchema = v.picklist(LISTING_SORTS, `sort must be one of ${LISTING_SORTS.join(', ')}`)

/**
 * Where a page ends, for the next page to start after it: opaque to the client, which only sends it back with the same
 * search, status and sort. (The server writes it as the last row's sort key and id.)
 */
const NOT_A_CURSOR = 'after must be the next value of the page before'
export const ListingCursorSchema = v.pipe(
  v.string(NOT_A_CURSOR),
  v.regex(/^-?\d{1,16}\.\d{1,10}$/, NOT_A_CURSOR),
  // The id part within a Postgres integer; 0 stands before every listing of its key.
  v.check((cursor) => /\.0$/.test(cursor) || isRowIdText(cursor.split('.')[1]!), NOT_A_CURSOR),
)

export const ListingSearchQuerySchema = v.object({
  q: v.optional(SearchTextSchema, ''),
  status: v.optional(ListingFilterSchema),
  sort: v.optional(ListingSortSchema, 'newest'),
  /** The page after this one: a ListingPage's `next`, as it came (absent: the first page). */
  after: v.optional(ListingCursorSchema),
})
export type ListingSearch = v.InferOutput<typeof ListingSearchQuerySchema>

/**
 * The words a search looks for, each anywhere in the title, brand or keywords, or the start of the seller's SKU (the
 * label's), or the whole SKU a marketplace knows it by (its place's details).
 */
export const searchWords = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX)

/**
 * One page of the search's listings, how many match in all, how many of the seller's listings each filter keeps (each
 * status, and live on each marketplace), and the `after` of the page that follows (null: this is the last).
 */
export interface ListingPage {
  listings: Listing[]
  total: number
  counts: Record<ListingFilter, number>
  next: string | null
}

/**
 * GET /api/listings/chosen?ids=…: the listings chosen on the Dashboard, as many as one bulk post takes, in the order
 * asked; ids that are not the seller's listings are left out. What a bulk action's dialog shows, rather than the
 * seller's whole inventory.
 */
export const ChosenListingsQuerySchema = v.object({ ids: idListSchema(BULK_POST_QUEUE_MAX) })

/** What 'Select all ready' asks: the search as the Dashboard has it (the status is ready by definition). */
export const ReadyListingIdsQuerySchema = v.object({
  q: v.optional(SearchTextSchema, ''),
  sort: v.optional(ListingSortSchema, 'newest'),
})

/** The ready listings the search finds: the first ids (as many as one bulk post takes), and how many there are in all. */
export interface ReadyListingIds {
  ids: number[]
  total: number
}

/** What Scan label asks: the text of the label's QR code, which is the listing's SKU (docs/decisions/0044). */
export const ListingBySkuQuerySchema = v.object({
  sku: v.pipe(
    v.string('sku must be text'),
    v.trim(),
    v.minLength(1, 'sku must be the SKU on the label'),
    v.maxLength(SKU_MAX, `A SKU has at most ${SKU_MAX} characters`),
  ),
})

/** The listing whose SKU it is. */
export interface ListingOfSku {
  id: number
}
