// GET /api/listings/search: the Dashboard's search, status filter and sort over the seller's listings, a page at a time
// (docs/product.md §2). The server searches and sorts, so the phone receives one page, never the whole inventory.
// GET /api/listings/ready-ids: the ids of every ready listing the same search finds, for 'Select all ready'.
import * as v from 'valibot'
import type { Listing, ListingStatus } from './listing.ts'

/** Rows the Dashboard shows at first and adds per page (docs/product.md §9). */
export const LISTINGS_PAGE_SIZE = 24
/** Longest search the box takes: more than any title (80) with a brand. */
export const SEARCH_MAX = 100
/** Words of a search that count; the rest are ignored (each word is one condition on the seller's rows). */
export const SEARCH_WORDS_MAX = 8
const OFFSET_MAX = 1_000_000

export const LISTING_STATUSES = ['ready', 'live', 'sold', 'ended'] as const satisfies readonly ListingStatus[]

/** newest: created last first; oldest: the ones waiting longest first; price as eBay would get it (priceForEbay). */
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
export const ListingStatusSchema = v.picklist(LISTING_STATUSES, `status must be one of ${LISTING_STATUSES.join(', ')}`)
export const ListingSortSchema = v.picklist(LISTING_SORTS, `sort must be one of ${LISTING_SORTS.join(', ')}`)

export const ListingSearchQuerySchema = v.object({
  q: v.optional(SearchTextSchema, ''),
  status: v.optional(ListingStatusSchema),
  sort: v.optional(ListingSortSchema, 'newest'),
  offset: v.optional(
    v.pipe(
      v.string('offset must be a whole number from 0'),
      v.regex(/^\d{1,7}$/, 'offset must be a whole number from 0'),
      v.transform(Number),
      v.maxValue(OFFSET_MAX, `offset must be at most ${OFFSET_MAX}`),
    ),
    '0',
  ),
})
export type ListingSearch = v.InferOutput<typeof ListingSearchQuerySchema>

/** The words a search looks for, each anywhere in the title, brand or keywords, or the whole SKU. */
export const searchWords = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, SEARCH_WORDS_MAX)

/** One page of the search's listings, how many match in all, and how many of the seller's listings have each status. */
export interface ListingPage {
  listings: Listing[]
  total: number
  counts: Record<ListingStatus, number>
}

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
