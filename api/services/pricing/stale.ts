// The stale listings the Dashboard and Insights name (issue 51, docs/decisions/0080): live and unsold for as many
// days as the seller's ladder waits before its first cut, counted up to STALE_COUNT_MAX, the oldest named.
import { STALE_COUNT_MAX, staleAfterDays, type StaleListings } from '../../contract/price-rules.ts'
import type { Sql } from '../../db/client.ts'
import { staleListings } from '../../db/stale-listings.ts'
import { rulesOf } from './floors.ts'

export async function staleOf(sql: Sql, userId: number, named: number): Promise<StaleListings> {
  const afterDays = staleAfterDays(await rulesOf(sql, userId))
  const rows = await staleListings(sql, userId, afterDays, STALE_COUNT_MAX + 1)
  return {
    afterDays,
    count: Math.min(rows.length, STALE_COUNT_MAX),
    more: rows.length > STALE_COUNT_MAX,
    listings: rows.slice(0, named).map((row) => ({
      id: row.id,
      title: row.title,
      price: row.priceCents === null ? null : row.priceCents / 100,
      daysLive: row.daysLive,
    })),
  }
}
