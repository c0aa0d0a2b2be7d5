// A sale the seller records: made in person or on a marketplace Snaplist does not reach (docs/decisions/0033).
// POST /api/listings/{id}/sold-elsewhere takes it; the stock drops and every marketplace the listing is on follows.
// POST /api/listings/{id}/oversold-settled says how the seller settled a sale beyond the stock (decision 0056), and
// POST /api/listings/{id}/relist puts a sold-out listing back up with more pieces, and POST /api/listings/{id}/returned
// says a sale of it came back, sellable or not (docs/decisions/0070).
import * as v from 'valibot'
import { ASKING_PRICE_MAX } from './listing-fields.ts'
import type { Listing } from './listing.ts'
import type { Platform } from './marketplace-paths.ts'
import { money, wholeNumber } from './listing-field-schemas.ts'
import { RETURNED_AS, SOLD_ON_VALUES } from './listing.ts'
import { SHORT_SETTLEMENTS } from './sale-earnings.ts'

export type { ReturnedAs } from './listing.ts'

/** How long "where" may be: a marketplace's or a place's name. */
export const SOLD_WHERE_MAX = 60

export const SoldElsewhereSchema = v.object({
  quantity: wholeNumber({ label: 'Quantity sold', min: 1 }),
  /** The price of one piece, in dollars; optional. */
  price: money({ label: 'Sold for', max: ASKING_PRICE_MAX }),
  /** What selling it cost in fees, for the whole sale, in dollars; optional (the profit then counts none). */
  fees: money({ label: 'Fees', max: ASKING_PRICE_MAX, zeroAllowed: true }),
  where: v.pipe(
    v.optional(v.nullable(v.string('Where must be text')), ''),
    v.transform((text) => (text ?? '').trim()),
    v.maxLength(SOLD_WHERE_MAX, `Where must be at most ${SOLD_WHERE_MAX} characters`),
  ),
  /** The phone's id for this sale: sending it again (a lost reply) records it once. */
  clientId: v.optional(v.pipe(v.string('clientId must be a UUID'), v.uuid('clientId must be a UUID'))),
})
/** What the form holds (text, as typed) and what the API takes once checked. */
export type SoldElsewhereFormValues = v.InferInput<typeof SoldElsewhereSchema>
export type SoldElsewhere = v.InferOutput<typeof SoldElsewhereSchema>

/** The answer: the listing as it now is, and what happened, in words for the seller. */
export interface SaleRecorded {
  listing: Listing
  message: string
}

/**
 * How the seller settled the sales beyond the stock: 'cancelled' (the extra order cancelled, or settled with its buyer:
 * it stays out of the books; what "I have sorted it out" always meant) or 'sent' (another piece went to the buyer:
 * it counts). Not given (`{}`), the first.
 */
export const OversoldSettledSchema = v.object({
  settledAs: v.optional(v.picklist(SHORT_SETTLEMENTS, 'settledAs must be cancelled or sent'), 'cancelled'),
})
export type OversoldSettled = v.InferOutput<typeof OversoldSettledSchema>

/** Relist a sold-out listing: how many more identical pieces go back up, wherever it was for sale. */
export const RelistSoldSchema = v.object({
  quantity: wholeNumber({ label: 'Quantity', min: 1 }),
})
export type RelistSoldFormValues = v.InferInput<typeof RelistSoldSchema>
export type RelistSold = v.InferOutput<typeof RelistSoldSchema>

/**
 * A sale of the listing came back (issue 50): 'back-in-stock' (sellable: its pieces go back up everywhere, as a
 * cancelled sale's do) or 'damaged' (out of the books, not back in stock). The sale is the marketplace's and its id.
 */
export const SaleReturnedSchema = v.strictObject({
  marketplace: v.picklist(SOLD_ON_VALUES, 'marketplace must be a marketplace Snaplist sells on'),
  saleId: v.pipe(v.string('saleId must be text'), v.minLength(1, 'saleId is required'), v.maxLength(100)),
  returnedAs: v.picklist(RETURNED_AS, 'returnedAs must be back-in-stock or damaged'),
})
export type SaleReturned = v.InferOutput<typeof SaleReturnedSchema>

/**
 * GET and PUT /api/sales/settings: whether a sale the marketplace cancels puts its item back up where it had sold out
 * (docs/decisions/0070); on unless the seller turns it off.
 */
export const SellingSettingsSchema = v.strictObject({
  relistCancelled: v.boolean('relistCancelled must be true or false'),
})
export type SellingSettings = v.InferOutput<typeof SellingSettingsSchema>

/** POST /api/sales/refresh: the marketplaces whose read of the seller's sales was queued now (decision 0033). */
export interface SalesRefresh {
  queued: Platform[]
}
