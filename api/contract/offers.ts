// Offers to interested buyers (issue 51, docs/decisions/0076): the seller's offer rule (which live listings, how much
// off, the message), one offer a listing per time its watchers are eligible, never below its floor; and each offer's
// outcome (sent, accepted and the sale it made, expired, refused) as GET /api/offers answers them.
import * as v from 'valibot'
import { ASKING_PRICE_MAX } from './listing-fields.ts'
import { money } from './listing-field-schemas.ts'
import { CATEGORIES } from './options.ts'
import { rowIdTextSchema } from './row-id.ts'

/** The cap on an offer's message: the strictest of the marketplaces with offers. */
export const OFFER_MESSAGE_MAX = 2000
export const OFFER_KEYWORDS_MAX = 10
/** The most an offer takes off: more gives the item away. */
export const OFFER_PERCENT_MAX = 50
/** Offers one run sends at most for a seller: the rest wait for the next day. */
export const OFFER_RUN_MAX = 200
/** Offers a page of GET /api/offers. */
export const OFFERS_PAGE = 50

const optionalPrice = (label: string) => money({ label, max: ASKING_PRICE_MAX })

export const OfferRuleSchema = v.pipe(
  v.strictObject(
    {
      on: v.boolean('on must be true or false'),
      /** Listings live at least this many days. */
      afterDays: v.pipe(
        v.number('Days listed must be a number'),
        v.integer('Days listed must be a whole number'),
        v.minValue(0, 'Days listed cannot be negative'),
        v.maxValue(365, 'Days listed must be at most 365'),
      ),
      /** Priced within this band, in dollars; null for no bound. */
      minPrice: optionalPrice('The lowest price'),
      maxPrice: optionalPrice('The highest price'),
      /** Of this category only; null for any. */
      category: v.nullable(
        v.picklist(
          CATEGORIES.map((option) => option.value),
          'Choose a category from the list',
        ),
      ),
      /** Whose title has one of these words; none for any. */
      keywords: v.pipe(
        v.array(
          v.pipe(
            v.string('A keyword must be text'),
            v.trim(),
            v.nonEmpty('A keyword cannot be empty'),
            v.maxLength(50, 'A keyword can have at most 50 characters'),
          ),
          'keywords must be a list',
        ),
        v.maxLength(OFFER_KEYWORDS_MAX, `At most ${OFFER_KEYWORDS_MAX} keywords`),
      ),
      /** How much off the price now: 5% at least, the least a marketplace with offers takes. */
      percentOff: v.pipe(
        v.number('The discount must be a number'),
        v.minValue(5, 'The discount must be at least 5%'),
        v.maxValue(OFFER_PERCENT_MAX, `The discount must be at most ${OFFER_PERCENT_MAX}%`),
        v.check((value) => Number.isInteger(value * 100), 'The discount can have at most 2 decimals'),
      ),
      message: v.pipe(
        v.string('The message must be text'),
        v.trim(),
        v.maxLength(OFFER_MESSAGE_MAX, `The message can have at most ${OFFER_MESSAGE_MAX} characters`),
      ),
    },
    'Send on, afterDays, minPrice, maxPrice, category, keywords, percentOff and message only',
  ),
  v.check(
    (rule) => rule.minPrice === null || rule.maxPrice === null || rule.minPrice <= rule.maxPrice,
    'The lowest price must be at most the highest',
  ),
)
export type OfferRule = v.InferOutput<typeof OfferRuleSchema>

/** Off until the seller turns it on: 10% off listings live 30 days. */
export const DEFAULT_OFFER_RULE: OfferRule = {
  on: false,
  afterDays: 30,
  minPrice: null,
  maxPrice: null,
  category: null,
  keywords: [],
  percentOff: 10,
  message: '',
}

/**
 * The offer price for a listing priced `currentCents`: the cut, raised to the floor; null when that is not
 * `minPercentOff` off.
 */
export function offerCents(currentCents: number, floorCents: number, percentOff: number, minPercentOff: number) {
  const price = Math.max(Math.round(currentCents * (1 - percentOff / 100)), floorCents)
  return price <= Math.floor(currentCents * (1 - minPercentOff / 100)) ? price : null
}

export type OfferState = 'sending' | 'sent' | 'accepted' | 'expired' | 'refused'

/** One offer as the seller's history shows it. */
export interface OfferView {
  id: number
  listingId: number
  title: string
  marketplace: string
  state: OfferState
  fromCents: number
  priceCents: number
  floorCents: number
  buyers: number
  sentAt: string
  expiresAt: string | null
  /** The marketplace's refusal, in its words; null unless refused. */
  refusal: string | null
  /** The sale an accepted offer made: what the buyer paid and what the marketplace took. */
  sale: { saleId: string; orderId: string | null; amountCents: number; feesCents: number | null } | null
}

/** GET /api/offers: a page of offers, newest first, and the totals of all. */
export interface OffersPage {
  offers: OfferView[]
  /** The next page's `before`; null on the last. */
  next: number | null
  totals: { sent: number; accepted: number; revenueCents: number }
}

export const OffersQuerySchema = v.object({
  before: v.optional(rowIdTextSchema('before must be an offer id')),
})

/** What a run of the offer rule did. */
export interface OfferRunResult {
  sent: number
  /** Would go below the floor by more than a marketplace allows an offer to be close to the price. */
  atFloor: number
  withoutFloor: number
  refused: number
}
