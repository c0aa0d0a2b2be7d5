// A listing's floor (issue 51, docs/decisions/0075): the lowest price at which it still earns the seller's minimum
// profit once the marketplace has taken its fees and the seller has paid the shipping, or the floor the seller typed
// (which wins). Worked out here, in whole cents, for every marketplace alike: each one's fee rate comes from the
// registry (FEE_ESTIMATES), refined by the fees read from the seller's own sales there when there are enough of them.
import type { FeeEstimate } from './fee-estimate.ts'
import type { Platform } from './marketplace-paths.ts'

/** The seller's minimum profit on a sale: an amount in cents, or a percent of the price. */
export type MinimumProfit = { by: 'amount'; cents: number } | { by: 'percent'; percent: number }

/** A marketplace's fees as the floor counts them: a percent of the price plus a fixed part. */
export interface FeeRate {
  percent: number
  fixedCents: number
  /** published: the marketplace's published rates; your-sales: refined by the fees it took on the seller's sales. */
  from: 'published' | 'your-sales'
}

/** The fees a marketplace read on the seller's past sales there (sales whose fees are read or settled). */
export interface FeesRead {
  sales: number
  /** What the buyers paid for those sales, items and shipping, and the fees taken on them. */
  amountCents: number
  feesCents: number
}

/** Read sales a rate is refined from only from this many on: a sale or two say more about the item than the rate. */
export const REFINE_MIN_SALES = 5

/**
 * The fee rate the floor counts: the published one; with enough read sales, the percent they show (their fees less the
 * fixed part of each, over what the buyers paid), the fixed part as published.
 */
export function feeRate(published: FeeEstimate, read: FeesRead | undefined): FeeRate {
  const { percent, fixedCents } = published
  if (!read || read.sales < REFINE_MIN_SALES || read.amountCents <= 0) return { percent, fixedCents, from: 'published' }
  const shown = ((read.feesCents - fixedCents * read.sales) / read.amountCents) * 100
  return { percent: Math.round(Math.max(shown, 0) * 100) / 100, fixedCents, from: 'your-sales' }
}

/** The fees at a price: as sale-earnings.ts estimates a sale's, rounded to the cent. */
export const feesAt = (priceCents: number, rate: Pick<FeeRate, 'percent' | 'fixedCents'>) =>
  Math.round((priceCents * rate.percent) / 100) + rate.fixedCents

export const minimumProfitAt = (priceCents: number, profit: MinimumProfit) =>
  profit.by === 'amount' ? profit.cents : Math.round((priceCents * profit.percent) / 100)

export interface FloorInputs {
  /** What one piece cost the seller; null when not entered. */
  costCents: number | null
  /** The floor the seller typed on the listing; null when none. */
  typedCents: number | null
  /** What the seller pays to ship one, beyond what the buyer pays. */
  shippingCents: number
  minimumProfit: MinimumProfit
  /** The fee rate of each marketplace the floor is for (where the listing is live, else every one). */
  rates: Partial<Record<Platform, FeeRate>>
}

/** The floor on one marketplace and what makes it up, at that price. */
export interface MarketplaceFloor {
  marketplace: Platform
  priceCents: number
  feesCents: number
  minimumProfitCents: number
  rate: FeeRate
}

export type FloorSource = 'typed' | 'computed' | 'none'

export interface ListingFloor {
  source: FloorSource
  /** The price no markdown or cut goes below: the typed floor, else the highest marketplace's; null when none. */
  priceCents: number | null
  costCents: number | null
  shippingCents: number
  /** Each marketplace's computed floor, highest first; empty when typed or none. */
  byMarketplace: MarketplaceFloor[]
  /** The floor in the seller's words: where it comes from, or why there is none. */
  says: string
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

/** Whether a price earns the minimum profit after cost, shipping and fees. */
const earnsEnough = (priceCents: number, costCents: number, inputs: FloorInputs, rate: FeeRate) =>
  priceCents -
    feesAt(priceCents, rate) -
    inputs.shippingCents -
    costCents -
    minimumProfitAt(priceCents, inputs.minimumProfit) >=
  0

/** The lowest whole-cent price that earns enough there; null when the percents (fees, profit) take the whole price. */
function lowestPrice(costCents: number, inputs: FloorInputs, rate: FeeRate): number | null {
  const profit = inputs.minimumProfit
  const share = 1 - rate.percent / 100 - (profit.by === 'percent' ? profit.percent / 100 : 0)
  if (share <= 0) return null
  const fixed = costCents + inputs.shippingCents + rate.fixedCents + (profit.by === 'amount' ? profit.cents : 0)
  // The closed form, then a cent either way for the rounding of the fees and the percent profit.
  let price = Math.max(Math.ceil(fixed / share), 1)
  while (price > 1 && earnsEnough(price - 1, costCents, inputs, rate)) price -= 1
  while (!earnsEnough(price, costCents, inputs, rate)) price += 1
  return price
}

export function listingFloor(inputs: FloorInputs): ListingFloor {
  const { costCents, typedCents, shippingCents } = inputs
  const base = { costCents, shippingCents, byMarketplace: [] }
  if (typedCents !== null)
    return { ...base, source: 'typed', priceCents: typedCents, says: `${dollars(typedCents)}, the floor you typed` }
  if (costCents === null)
    return { ...base, source: 'none', priceCents: null, says: 'No floor: enter what it cost, or type a floor' }
  const byMarketplace = (Object.entries(inputs.rates) as [Platform, FeeRate][])
    .flatMap(([marketplace, rate]) => {
      const priceCents = lowestPrice(costCents, inputs, rate)
      if (priceCents === null) return []
      const parts = {
        feesCents: feesAt(priceCents, rate),
        minimumProfitCents: minimumProfitAt(priceCents, inputs.minimumProfit),
      }
      return [{ marketplace, priceCents, ...parts, rate }]
    })
    .sort((a, b) => b.priceCents - a.priceCents)
  const highest = byMarketplace[0]
  if (!highest)
    return {
      ...base,
      source: 'none',
      priceCents: null,
      says: 'No floor: the fees and minimum profit take the whole price',
    }
  return {
    ...base,
    source: 'computed',
    priceCents: highest.priceCents,
    byMarketplace,
    says: `${dollars(highest.priceCents)}: cost, fees, shipping and your minimum profit`,
  }
}
