// The seller's price rules (issue 51, docs/decisions/0075): the minimum profit every floor keeps (listing-floor.ts),
// the shipping the seller pays on a sale, and the markdown ladder that lowers a live listing's price as it sits (e.g.
// −10% after 30 days listed, −5% every 14 days after), never below its floor. The one schema validates
// PUT /api/price-rules and types what GET answers; what a run changes and the history are its answers too.
import * as v from 'valibot'
import { BULK_ACTION_MAX } from './bulk-actions.ts'
import { idListSchema } from './id-list.ts'
import { ASKING_PRICE_MAX } from './listing-fields.ts'
import { money } from './listing-field-schemas.ts'
import type { ListingFloor } from './listing-floor.ts'
import { OfferRuleSchema } from './offers.ts'

/** A percent cut or profit at most this: more gives the item away. */
export const PRICE_PERCENT_MAX = 50
/** A ladder's days at most this: a year. */
export const LADDER_DAYS_MAX = 365
/** Listings one run changes at most for a seller: the rest wait for the next run, a day later. */
export const MARKDOWN_RUN_MAX = 500
/** Runs the history shows, newest first. */
export const MARKDOWN_HISTORY_MAX = 30

const requiredMoney = (label: string) =>
  v.pipe(
    money({ label, max: ASKING_PRICE_MAX, zeroAllowed: true }),
    v.check((value) => value !== null, `Enter ${label.toLowerCase()}, 0 for none`),
    v.transform((value) => value!),
  )

const percent = (label: string, min: number) =>
  v.pipe(
    v.number(`${label} must be a number`),
    v.minValue(min, `${label} must be at least ${min}%`),
    v.maxValue(PRICE_PERCENT_MAX, `${label} must be at most ${PRICE_PERCENT_MAX}%`),
    v.check((value) => Number.isInteger(value * 100), `${label} can have at most 2 decimals`),
  )

const days = (label: string) =>
  v.pipe(
    v.number(`${label} must be a number of days`),
    v.integer(`${label} must be a whole number of days`),
    v.minValue(1, `${label} must be at least 1 day`),
    v.maxValue(LADDER_DAYS_MAX, `${label} must be at most ${LADDER_DAYS_MAX} days`),
  )

export const MinimumProfitSchema = v.variant(
  'by',
  [
    v.object({ by: v.literal('amount'), amount: requiredMoney('The minimum profit') }),
    v.object({ by: v.literal('percent'), percent: percent('The minimum profit', 0) }),
  ],
  'The minimum profit is by amount or by percent',
)

export const LadderSchema = v.object({
  on: v.boolean('on must be true or false'),
  /** The first cut, this many days after the listing went live. */
  firstAfterDays: days('The first markdown'),
  firstPercent: percent('The first cut', 1),
  /** Then another cut every so many days. */
  thenEveryDays: days('The next markdowns'),
  thenPercent: percent('The next cuts', 1),
})
export type Ladder = v.InferOutput<typeof LadderSchema>

export const PriceRulesSchema = v.strictObject(
  {
    minimumProfit: MinimumProfitSchema,
    /** What the seller pays to ship one item beyond what the buyer pays, in dollars. */
    shippingPaid: requiredMoney('The shipping you pay'),
    ladder: LadderSchema,
    /** Offers to the buyers watching a listing (contract/offers.ts); none until the seller sets them. */
    offers: v.optional(OfferRuleSchema),
  },
  'Send minimumProfit, shippingPaid, ladder and offers only',
)
export type PriceRules = v.InferOutput<typeof PriceRulesSchema>

/** A seller who never set rules: $5 profit, free shipping paid by the buyer, the ladder off. */
export const DEFAULT_PRICE_RULES: PriceRules = {
  minimumProfit: { by: 'amount', amount: 5 },
  shippingPaid: 0,
  ladder: { on: false, firstAfterDays: 30, firstPercent: 10, thenEveryDays: 14, thenPercent: 5 },
}

/** PUT /api/listings/{id}/floor: the floor the seller types on a listing, in dollars; null takes it off. */
export const TypedFloorSchema = v.strictObject(
  { floor: money({ label: 'The floor', max: ASKING_PRICE_MAX }) },
  'Send the floor only',
)

/**
 * The ladder's step due for a listing live this many days: 0 before the first, 1 from firstAfterDays, one more every
 * thenEveryDays after. A run applies the step due once (a listing that was due several gets one cut, not several).
 */
export function dueStep(daysLive: number, ladder: Ladder): number {
  if (daysLive < ladder.firstAfterDays) return 0
  return 1 + Math.floor((daysLive - ladder.firstAfterDays) / ladder.thenEveryDays)
}

/**
 * The price a step takes a listing to, in cents: its cut (the first's for a listing never marked down, the next's
 * after) off the price now, rounded to the cent, never below the floor; null when it stays (at or under the floor).
 */
export function markedDownCents(currentCents: number, floorCents: number, firstCut: boolean, ladder: Ladder) {
  const cut = firstCut ? ladder.firstPercent : ladder.thenPercent
  const next = Math.max(Math.round(currentCents * (1 - cut / 100)), floorCents)
  return next < currentCents ? next : null
}

/** A listing a run changes (or will): its price from and to, the step, the floor that held it. */
export interface MarkdownChange {
  listingId: number
  title: string
  step: number
  fromCents: number
  toCents: number
  floorCents: number
  /** The floor stopped the cut short. */
  atFloor: boolean
}

/** GET /api/price-rules/next: what the next run will change, and the live listings it leaves and why. */
export interface MarkdownPreview {
  changes: MarkdownChange[]
  /** Due, but with no floor (no cost and none typed): a markdown could sell them at a loss, so none is made. */
  withoutFloor: number
  /** Due, but at or under their floor already. */
  atFloor: number
  /** More were due than one run changes (MARKDOWN_RUN_MAX): the rest go in the next. */
  more: boolean
}

/**
 * What the lowered prices sold: pieces sold at the price a markdown set, after it and before any undo (an accepted
 * offer's sale is the offer's, not the markdown's), and what buyers paid for them, in cents.
 */
export interface MarkdownResults {
  sold: number
  revenueCents: number
}

/** A run of the ladder as the history shows it, with what its lowered prices sold. */
export interface MarkdownRun extends MarkdownResults {
  id: number
  ranAt: string
  /** When the seller undid it (every price put back), else null. */
  undoneAt: string | null
  changes: MarkdownChange[]
}

/** GET /api/price-rules: the rules, the runs so far and what the runs shown sold in all. */
export interface PriceRulesView {
  rules: PriceRules
  runs: MarkdownRun[]
  results: MarkdownResults
}

/**
 * A live listing is stale when it has been live this many days and sold nothing in as many: the day the seller's
 * ladder makes its first cut (30 days until they set it), so the Dashboard names what the ladder is about to move.
 */
export const staleAfterDays = (rules: PriceRules) => rules.ladder.firstAfterDays
/** Stale listings counted at most: past it the count says "or more", so a large inventory is never read whole. */
export const STALE_COUNT_MAX = 99
/** Stale listings the Dashboard names. */
export const STALE_NAMED = 3

/** GET /api/price-rules/stale: how many listings are stale (at most STALE_COUNT_MAX), and the oldest named. */
export interface StaleListings {
  afterDays: number
  count: number
  /** More than STALE_COUNT_MAX are stale. */
  more: boolean
  listings: { id: number; title: string; price: number | null; daysLive: number }[]
}

/** GET /api/listings/{id}/floor: the listing's floor and what it is made of, and whether its markdowns are paused. */
export type ListingFloorView = ListingFloor & { markdownsPaused: boolean }

/** PUT /api/listings/{id}/markdowns: pause the ladder for one listing, or let it go on. */
export const MarkdownPauseSchema = v.strictObject(
  { paused: v.boolean('paused must be true or false') },
  'Send paused only',
)

/** GET /api/price-rules/floors?ids=: the floors of the listings a bulk price change is about. */
export const FloorsQuerySchema = v.object({ ids: idListSchema(BULK_ACTION_MAX) })
export interface ListingFloors {
  /** In the order asked; a listing not the seller's is left out. */
  floors: ({ listingId: number } & ListingFloorView)[]
}
