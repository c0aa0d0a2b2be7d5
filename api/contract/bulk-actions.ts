// Bulk actions on a selection of the seller's listings (issue 31, docs/decisions/0038): change the price (by an amount
// or a percent, up or down, never below a floor), change the quantity, end everywhere, delete. The request names the
// listings, or the Dashboard's search to take every listing it finds; the phone's own clientId makes sending it again
// answer the same action. What the phone reads back: how many are done, and each listing a marketplace refused.
import * as v from 'valibot'
import { ASKING_PRICE_MAX, WHOLE_NUMBER_MAX } from './listing-fields.ts'
import { ListingFilterSchema, SearchTextSchema } from './listing-search.ts'
import { rowIdSchema } from './row-id.ts'

/** At most this many listings in one bulk action: a power seller's whole Live filter, in chunks of 25 for a marketplace's bulk prices. */
export const BULK_ACTION_MAX = 1000
/** A price can go up by at most this percent at once (ten times): more is a typo. */
export const BULK_PERCENT_UP_MAX = 900
/** And down by less than this: a listing is never given away by a slip. */
export const BULK_PERCENT_DOWN_MAX = 99

const listingId = rowIdSchema('Each listing id must be a whole number')

const dollars = (what: string) =>
  v.pipe(
    v.number(`${what} must be a number`),
    v.minValue(0, `${what} cannot be negative`),
    v.maxValue(ASKING_PRICE_MAX, `${what} must be at most $${ASKING_PRICE_MAX.toLocaleString('en-US')}`),
    v.check(
      (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      `${what} must be in whole cents`,
    ),
  )

const PriceActionSchema = v.pipe(
  v.object({
    kind: v.literal('price'),
    by: v.picklist(['percent', 'amount'], 'by must be percent or amount'),
    direction: v.picklist(['up', 'down'], 'direction must be up or down'),
    /** The percent, or the amount in dollars. */
    value: v.pipe(v.number('The change must be a number'), v.gtValue(0, 'The change must be more than 0')),
    /**
     * No listing's price goes below this (dollars; required for a cut), nor below the listing's own floor where that is
     * higher (decision 0075); one already at or below it is left as it is.
     */
    floor: v.optional(dollars('The floor price')),
  }),
  v.check(
    (action) =>
      action.by !== 'percent' ||
      action.value <= (action.direction === 'up' ? BULK_PERCENT_UP_MAX : BULK_PERCENT_DOWN_MAX),
    `Change a price by at most ${BULK_PERCENT_DOWN_MAX}% down or ${BULK_PERCENT_UP_MAX}% up`,
  ),
  v.check((action) => action.by !== 'amount' || action.value <= ASKING_PRICE_MAX, 'The change is more than any price'),
  // A cut says how low it may go: a slip of a digit must not give listings away.
  v.check(
    (action) => action.direction === 'up' || action.floor !== undefined,
    'Enter the lowest price any listing may go to',
  ),
)

const QuantityActionSchema = v.object({
  kind: v.literal('quantity'),
  quantity: v.pipe(
    v.number('Quantity must be a number'),
    v.integer('Quantity must be a whole number'),
    v.minValue(1, 'Quantity must be at least 1'),
    v.maxValue(WHOLE_NUMBER_MAX, `Quantity must be at most ${WHOLE_NUMBER_MAX}`),
  ),
})

export const BulkActionSchema = v.variant(
  'kind',
  [
    PriceActionSchema,
    QuantityActionSchema,
    v.object({ kind: v.literal('end') }),
    v.object({ kind: v.literal('delete') }),
  ],
  'kind must be price, quantity, end or delete',
)
export type BulkAction = v.InferOutput<typeof BulkActionSchema>
export type BulkActionKind = BulkAction['kind']

export const BulkActionInputSchema = v.object({
  clientId: v.pipe(v.string('clientId must be a UUID'), v.uuid('clientId must be a UUID')),
  action: BulkActionSchema,
  /** The listings chosen one by one; or `matching`, every listing the Dashboard's search and filter find. */
  selection: v.variant(
    'by',
    [
      v.object({
        by: v.literal('ids'),
        listingIds: v.pipe(
          v.array(listingId),
          v.minLength(1, 'Choose at least one listing'),
          v.maxLength(BULK_ACTION_MAX, `Choose at most ${BULK_ACTION_MAX} listings at once`),
          v.check((ids) => new Set(ids).size === ids.length, 'Each listing at most once'),
        ),
      }),
      v.object({
        by: v.literal('search'),
        q: v.optional(SearchTextSchema, ''),
        status: v.optional(ListingFilterSchema),
      }),
    ],
    'selection must be by ids or by search',
  ),
})
export type BulkActionInput = v.InferOutput<typeof BulkActionInputSchema>

/** A listing the action could not change, and why in the marketplace's (or Snaplist's) words. */
export interface BulkActionFailure {
  listingId: number
  title: string
  code: string
  message: string
}

/** A listing whose price cut the floor held: lowered only as far as the floor, or left where it was at or below it. */
export interface FloorHeld {
  listingId: number
  title: string
  /** Lowered to the floor (false: it was at or below the floor already, and stayed). */
  lowered: boolean
}

export interface BulkActionView {
  id: number
  action: BulkAction
  total: number
  /** Listings finished: changed, left as they were, or refused. */
  finished: number
  /** Those left unchanged (already at the floor, not live anywhere to end). */
  unchanged: number
  failures: BulkActionFailure[]
  /** Those the floor held, changed or not (issue 47): the seller sees which did not take the whole cut. */
  heldAtFloor: FloorHeld[]
  done: boolean
}

export type PriceAction = Extract<BulkAction, { kind: 'price' }>

/** How much the action moves a price of `currentCents`, before the floor: a percent of it, or the amount. */
const changeCents = (currentCents: number, action: PriceAction) =>
  action.by === 'percent' ? Math.round((currentCents * action.value) / 100) : Math.round(action.value * 100)

/** Whether the seller's floor stops a cut of this price: the whole cut would take it below the floor. */
export const floorHolds = (currentCents: number, action: PriceAction) =>
  action.direction === 'down' &&
  action.floor !== undefined &&
  currentCents - changeCents(currentCents, action) < Math.round(action.floor * 100)

/**
 * A listing's new price in cents under the action, from its price now (listedPrice, in cents): rounded to the cent,
 * never below the floor; null when it stays as it is (a cut that the floor stops at or above today's price, or a
 * price that would reach $0).
 */
export function newPriceCents(currentCents: number, action: PriceAction): number | null {
  const delta = changeCents(currentCents, action)
  const floor = Math.round((action.floor ?? 0) * 100)
  const next = Math.max(action.direction === 'up' ? currentCents + delta : currentCents - delta, floor)
  if (action.direction === 'down' && next >= currentCents) return null
  if (next < 1 || next > ASKING_PRICE_MAX * 100 || next === currentCents) return null
  return next
}
