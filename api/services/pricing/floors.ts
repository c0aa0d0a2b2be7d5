// Listings' floors (issue 51, docs/decisions/0075): the pure reckoning of contract/listing-floor.ts fed with each
// listing's cost, its typed floor and where it is live, the seller's rules, and each marketplace's published rate
// (FEE_ESTIMATES) refined by the fees read on the seller's sales there. Names no marketplace.
import { toCents } from '../../contract/listing-field-schemas.ts'
import { feeRate, listingFloor, type FeeRate } from '../../contract/listing-floor.ts'
import { FEE_ESTIMATES } from '../../contract/marketplace-descriptions.ts'
import { PLATFORMS, type Platform } from '../../contract/marketplace-paths.ts'
import { DEFAULT_PRICE_RULES, type ListingFloorView, type PriceRules } from '../../contract/price-rules.ts'
import type { Sql, Tx } from '../../db/client.ts'
import { floorRows } from '../../db/listing-floors.ts'
import { feesReadByMarketplace } from '../../db/marketplace-sales.ts'
import { findPriceRules } from '../../db/price-rules.ts'

/** The seller's rules, the defaults until they set theirs. */
export const rulesOf = async (sql: Sql | Tx, userId: number) =>
  (await findPriceRules(sql, userId)) ?? DEFAULT_PRICE_RULES

/** Each marketplace's fee rate for the seller: published, refined by their read sales there. */
async function feeRates(sql: Sql | Tx, userId: number): Promise<Record<Platform, FeeRate>> {
  const read = new Map((await feesReadByMarketplace(sql, userId)).map((row) => [row.marketplace, row]))
  return Object.fromEntries(
    PLATFORMS.map((platform) => [platform, feeRate(FEE_ESTIMATES[platform], read.get(platform))]),
  ) as Record<Platform, FeeRate>
}

/** The floors of these listings of the seller, by id (a listing not theirs has none here). */
export async function floorsOf(
  sql: Sql | Tx,
  userId: number,
  ids: number[],
  rules?: PriceRules,
): Promise<Map<number, ListingFloorView>> {
  if (ids.length === 0) return new Map()
  const [rows, rates, { minimumProfit, shippingPaid }] = await Promise.all([
    floorRows(sql, userId, ids),
    feeRates(sql, userId),
    rules ?? rulesOf(sql, userId),
  ])
  const profit =
    minimumProfit.by === 'amount'
      ? { by: 'amount' as const, cents: toCents(minimumProfit.amount) }
      : { by: 'percent' as const, percent: minimumProfit.percent }
  return new Map(
    rows.map((row) => {
      // Where it is live, the floor of each marketplace there; live nowhere, every marketplace's (where it may go).
      const places = row.liveOn.length > 0 ? row.liveOn : PLATFORMS
      const floor = listingFloor({
        costCents: row.costCents,
        typedCents: row.typedCents,
        shippingCents: toCents(shippingPaid),
        minimumProfit: profit,
        rates: Object.fromEntries(places.map((platform) => [platform, rates[platform]])),
      })
      return [row.id, { ...floor, markdownsPaused: row.paused }]
    }),
  )
}
