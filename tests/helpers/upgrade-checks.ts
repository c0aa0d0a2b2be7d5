// What an upgrade test compares before and after a migration of listings' places (0062, 0064): the history a
// migration must not touch, and the listings each of the Dashboard's filters keeps, with its counts.
import { LISTING_FILTERS, type ListingPage } from '../../api/contract/listing-search.ts'
import { PLATFORMS, type Platform } from '../../api/contract/marketplace-paths.ts'
import type { Sql } from '../../api/db/client.ts'
import { searchListingsJson } from '../../api/db/listing-search.ts'

export const ITEM_URL = 'https://www.ebay.com/itm/'

/** The change events, the sales (in the columns every schema since 0061 has), each listing's version and sale. */
export const history = (sql: Sql) =>
  sql`
    select (select json_agg(e order by e.id) from change_events e) as events,
      (select json_agg(json_build_object('saleId', sale_id, 'marketplace', marketplace, 'listingId', listing_id,
        'quantity', quantity, 'unitPriceCents', unit_price_cents, 'orderId', order_id, 'soldAt', sold_at,
        'cancelledAt', cancelled_at) order by sale_id) from marketplace_sales) as sales,
      (select json_agg(json_build_object('id', id, 'version', version, 'quantity', quantity, 'soldAt', sold_at,
        'soldOn', sold_on) order by id) from listings) as listings`

/** The listings each filter keeps (by the search's page) and the counts, for the seller. */
export async function filters(sql: Sql, userId: number) {
  const seen: Record<string, number[]> = {}
  let counts: ListingPage['counts'] | undefined
  for (const status of LISTING_FILTERS) {
    const page = JSON.parse(
      await searchListingsJson(sql, userId, { q: '', status, sort: 'oldest' }, ITEM_URL),
    ) as ListingPage
    seen[status] = page.listings.map((listing) => listing.id)
    counts = page.counts
  }
  return { seen, counts }
}

/** A live-on filter's marketplace bit in live_mask: each marketplace's in the order of PLATFORMS (0059, 0066). */
const markBit = (filter: string) => 1 << PLATFORMS.indexOf(filter.slice('live-on-'.length) as Platform)

/** The filters and counts the listings' statuses and live masks, as read before the migration, call for. */
export function expectedFilters(before: Record<string, unknown>[]) {
  const seen = Object.fromEntries(
    LISTING_FILTERS.map((filter) => [
      filter,
      before
        .filter((row) =>
          filter.startsWith('live-on-')
            ? row.status === 'live' && ((row.liveMask as number) & markBit(filter)) !== 0
            : row.status === filter,
        )
        .map((row) => row.id as number),
    ]),
  )
  return { seen, counts: Object.fromEntries(LISTING_FILTERS.map((filter) => [filter, seen[filter]!.length])) }
}
