// A Listing as the API returns it, and the payload that creates one (docs/product.md §3), built from the fields declared
// in listing-fields.ts. The same schema validates the API input and resolves the create form.
import * as v from 'valibot'
import { AspectValuesSchema, CategoryIdSchema } from './ebay-aspects.ts'
import { GTIN_MESSAGE, normalizedGtin } from './gtin.ts'
import {
  FILLABLE_FIELDS,
  LISTING_FIELD_ENTRIES,
  MEASURE_PATTERN,
  typedMeasure,
  WHOLE_NUMBER_MAX,
  type ChoiceSpec,
  type DateSpec,
  type FillableField,
  type KeywordsSpec,
  type ListingFieldName,
  type ListingFieldSpec,
  type ListingRecordState,
  type MoneySpec,
  type SpecOf,
  type TextSpec,
  type WholeNumberSpec,
} from './listing-fields.ts'
import { valuesOf, type Option } from './options.ts'
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from './photos.ts'

// One schema builder per kind of field; the messages name the field by its label.

/** Form inputs arrive as text; numbers are coerced, blank means the default (without one, it is required). */
export const wholeNumber = ({
  label,
  min,
  fallback,
}: Pick<WholeNumberSpec, 'label' | 'min'> & { fallback?: number | undefined }) =>
  v.pipe(
    fallback === undefined
      ? v.union(
          [v.number(`${label} is required`), v.pipe(v.string(`${label} is required`), v.trim())],
          `${label} is required`,
        )
      : v.optional(v.union([v.number(), v.pipe(v.string(), v.trim())]), fallback),
    v.transform((input) => (input === '' ? (fallback ?? Number.NaN) : Number(input))),
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(WHOLE_NUMBER_MAX, `${label} is too large`),
  )

const tooLong = ({ label, max, limitReason }: TextSpec) =>
  `${label} must be at most ${max} characters${limitReason ? ` (${limitReason})` : ''}`

const requiredText = (spec: TextSpec) =>
  v.pipe(
    v.optional(v.string(`${spec.label} is required`), ''),
    v.trim(),
    v.nonEmpty(`${spec.label} is required`),
    v.maxLength(spec.max, tooLong(spec)),
  )

const optionalText = (spec: TextSpec) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${spec.label} must be text`)), ''),
    v.transform((text) => (text ?? '').trim()),
    // A barcode is kept as the digits a catalog matches (an ISBN-10 as its ISBN-13); one that is no barcode stays as
    // typed, for the check below to refuse it.
    v.transform((text) => (spec.format === 'gtin' && text !== '' ? (normalizedGtin(text) ?? text) : text)),
    v.transform((text) => (spec.format === 'measure' ? typedMeasure(text) : text)),
    v.maxLength(spec.max, tooLong(spec)),
    v.check((text) => text === '' || spec.format !== 'gtin' || normalizedGtin(text) === text, GTIN_MESSAGE),
    v.check((text) => text === '' || spec.format !== 'digits' || /^\d+$/.test(text), `${spec.label} must be digits`),
    v.check(
      (text) => text === '' || spec.format !== 'measure' || MEASURE_PATTERN.test(text),
      `${spec.label} must be a number, like 21.5`,
    ),
  )

const requiredChoice = <Value extends string>(label: string, options: readonly Option<Value>[]) =>
  v.picklist(valuesOf(options), `Choose a ${label.toLowerCase()}`)

/** '' for "not chosen", or one of the set. */
const optionalChoice = ({ label, options }: ChoiceSpec) => {
  const values = valuesOf(options)
  return v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((value) => value ?? ''),
    v.check((value) => value === '' || values.includes(value), `Choose a ${label.toLowerCase()} from the list`),
  )
}

const isCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6

/** Text or a number, blank for "not set" (null); more than $0 (or $0 itself), at most 2 decimals, at most `max`. */
export const money = ({ label, max, zeroAllowed }: Pick<MoneySpec, 'label' | 'max' | 'zeroAllowed'>) => {
  const notANumber = `${label} must be a number, like 24.99`
  return v.pipe(
    v.optional(v.nullable(v.union([v.number(notANumber), v.pipe(v.string(notANumber), v.trim())])), null),
    v.transform((input) => (input === null || input === '' ? null : Number(input))),
    v.check((price) => price === null || Number.isFinite(price), notANumber),
    v.check(
      (price) => price === null || price > 0 || (zeroAllowed === true && price === 0),
      zeroAllowed ? `${label} cannot be less than $0` : `${label} must be more than $0`,
    ),
    v.check((price) => price === null || isCents(price), `${label} can have at most 2 decimals (dollars and cents)`),
    // Worded when it is needed: the first toLocaleString of a page loads the number formats, which holds a phone's main
    // thread for a while (about 100 ms at Lighthouse's CPU slowdown), and this runs as the app starts.
    v.check(
      (price) => price === null || price <= max,
      () => `${label} must be at most $${max.toLocaleString('en-US')}`,
    ),
  )
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
/** A real calendar day (not 2026-02-30) in years a bookkeeper means. */
const isCalendarDay = (text: string) => {
  const parts = ISO_DAY.exec(text)
  if (!parts) return false
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number]
  const date = new Date(Date.UTC(year, month - 1, day))
  return year >= 1900 && year <= 2100 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** A day as YYYY-MM-DD (what a date input gives); blank is null. */
export const calendarDay = ({ label }: Pick<DateSpec, 'label'>) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be a date like 2026-03-14`)), null),
    v.transform((text) => (text ?? '').trim() || null),
    v.check((day) => day === null || isCalendarDay(day), `${label} must be a date like 2026-03-14`),
  )

export const toCents = (dollars: number) => Math.round(dollars * 100)

export const keywordsFromText = (text: string) =>
  text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean)

const keywords = ({ label, maxCount, maxLength }: KeywordsSpec) =>
  v.pipe(
    v.optional(v.union([v.array(v.string(`${label} must be text`)), v.string()]), []),
    v.transform((input) =>
      typeof input === 'string' ? keywordsFromText(input) : input.map((keyword) => keyword.trim()).filter(Boolean),
    ),
    v.maxLength(maxCount, `Use at most ${maxCount} keywords`),
    v.check(
      (list) => list.every((keyword) => keyword.length <= maxLength),
      `Each keyword must be at most ${maxLength} characters`,
    ),
  )

type SchemaOf<Spec> = Spec extends { kind: 'text'; required: true }
  ? ReturnType<typeof requiredText>
  : Spec extends { kind: 'text' }
    ? ReturnType<typeof optionalText>
    : Spec extends { kind: 'whole' }
      ? ReturnType<typeof wholeNumber>
      : Spec extends { kind: 'money' }
        ? ReturnType<typeof money>
        : Spec extends { kind: 'date' }
          ? ReturnType<typeof calendarDay>
          : Spec extends { kind: 'choice'; required: true; options: readonly Option<infer Value>[] }
            ? ReturnType<typeof requiredChoice<Value>>
            : Spec extends { kind: 'choice' }
              ? ReturnType<typeof optionalChoice>
              : Spec extends { kind: 'keywords' }
                ? ReturnType<typeof keywords>
                : never

function schemaOf(spec: ListingFieldSpec) {
  switch (spec.kind) {
    case 'text':
      return spec.required ? requiredText(spec) : optionalText(spec)
    case 'whole':
      return wholeNumber(spec)
    case 'money':
      return money(spec)
    case 'date':
      return calendarDay(spec)
    case 'choice':
      return spec.required ? requiredChoice(spec.label, spec.options) : optionalChoice(spec)
    case 'keywords':
      return keywords(spec)
  }
}

// The cast restates per field what schemaOf's switch returns for its kind.
const FIELD_SCHEMAS = Object.fromEntries(LISTING_FIELD_ENTRIES.map(([name, spec]) => [name, schemaOf(spec)])) as {
  [Name in ListingFieldName]: SchemaOf<SpecOf<Name>>
}

/** The seller's own Price (what eBay receives), in dollars and cents; the listing keeps it as whole cents. */
export const AskingPriceSchema = FIELD_SCHEMAS.askingPrice

export const ListingInputSchema = v.object({
  clientId: v.optional(v.pipe(v.string(), v.uuid('clientId must be a UUID'))),
  ...FIELD_SCHEMAS,
  images: v.pipe(
    v.optional(v.array(v.string('Each image must be a URL')), []),
    v.maxLength(MAX_IMAGES, MAX_IMAGES_MESSAGE),
  ),
  // What the analyser suggested (an AnalysisResult): flat text, numbers and keyword lists. Arbitrary JSON could nest
  // deeper than the driver's JSON.stringify can go within the 64 KB body limit.
  aiSuggestions: v.optional(
    v.nullable(
      v.record(
        v.string(),
        v.union([v.string(), v.number(), v.boolean(), v.null(), v.array(v.string())]),
        'aiSuggestions must be the analysis as sent by the app',
      ),
    ),
    null,
  ),
  // eBay's category and item specifics as the analysis filled them (docs/product.md §12), so the Post to eBay dialog
  // finds them there and asks only for what the photos could not show.
  ebayCategoryId: v.optional(v.nullable(CategoryIdSchema), null),
  ebayCategoryName: v.optional(
    v.nullable(
      v.pipe(
        v.string('The eBay category name must be text'),
        v.trim(),
        v.maxLength(200, 'The eBay category name is too long'),
      ),
    ),
    null,
  ),
  ebayAspects: v.optional(AspectValuesSchema, {}),
  /** The seller chose ebayCategoryId on the form (else it is eBay's suggestion for the analysis's title). */
  ebayCategoryChosen: v.optional(v.boolean('ebayCategoryChosen must be true or false'), false),
})
export type ListingInput = v.InferOutput<typeof ListingInputSchema>

/** What the seller edits on a listing that exists: every field of the declaration and its photos, in order. */
const {
  clientId: _clientId,
  aiSuggestions: _aiSuggestions,
  ebayCategoryId: _ebayCategoryId,
  ebayCategoryName: _ebayCategoryName,
  ebayAspects: _ebayAspects,
  ebayCategoryChosen: _ebayCategoryChosen,
  ...EDITABLE_ENTRIES
} = ListingInputSchema.entries
export type EditableField = keyof typeof EDITABLE_ENTRIES
export const EDITABLE_FIELDS = Object.keys(EDITABLE_ENTRIES) as EditableField[]

/**
 * PATCH /api/listings/{id}: every editable field (the edit screen sends the whole form, as creating does; a field left
 * out takes create's default) and the version the edit was made against. The first image is the cover.
 */
export const ListingEditSchema = v.object({
  ...EDITABLE_ENTRIES,
  version: v.pipe(
    v.number('version must be the listing version the edit started from'),
    v.integer('version must be a whole number'),
    v.minValue(1, 'version must be at least 1'),
    v.maxValue(2_147_483_647, 'version is too large'),
  ),
})
export type ListingEdit = v.InferOutput<typeof ListingEditSchema>

/** Whether the edit would leave the listing as it is (a resent edit whose first reply was lost, say). */
export const editChangesNothing = (listing: Listing, edit: Pick<ListingEdit, EditableField>) =>
  EDITABLE_FIELDS.every((field) => JSON.stringify(listing[field]) === JSON.stringify(edit[field]))

export const ListingFillSchema = v.pipe(
  v.partial(v.pick(ListingInputSchema, FILLABLE_FIELDS)),
  v.check((fill) => Object.values(fill).some((value) => value !== undefined), 'Send at least one field to fill'),
)
export type ListingFill = v.InferOutput<typeof ListingFillSchema>
/** POST /api/listings/{id}/fill-empty: the listing as it is now, and which fields were empty and are filled now. */
export interface ListingFillReply {
  listing: Listing
  filled: FillableField[]
}

/** Where a sale was made: a marketplace Snaplist sells on, or elsewhere (recorded by the seller). */
export type SoldOn = 'ebay' | 'etsy' | 'elsewhere'
export const SOLD_ON_LABELS: Record<SoldOn, string> = { ebay: 'eBay', etsy: 'Etsy', elsewhere: 'elsewhere' }

/** A sale as the seller finds it: the marketplace, and its order number there (for elsewhere, where it was sold). */
export interface SaleRef {
  marketplace: SoldOn
  orderId: string
}

/** A sale in the seller's words: "eBay order 12-345", "Etsy receipt 678", "a sale at Poshmark". */
export const saleLabel = ({ marketplace, orderId }: SaleRef) =>
  marketplace === 'elsewhere'
    ? `a sale at ${orderId}`
    : `${SOLD_ON_LABELS[marketplace]} ${marketplace === 'etsy' ? 'receipt' : 'order'} ${orderId}`

/** What a listing's life after creation adds (docs/product.md §4): edits counted, sales, changes on their way to eBay. */
export interface ListingLife {
  /** Counts the edits of its editable fields (EDITABLE_FIELDS); an edit names the version it started from. */
  version: number
  /** The last sale: unit price in dollars, when (ISO), the marketplace's order number (none elsewhere); null before any. */
  soldPrice: number | null
  soldAt: string | null
  soldOrderId: string | null
  /** Where the last sale was made, and for a sale elsewhere where the seller said (Poshmark, a yard sale…). */
  soldOn: SoldOn | null
  soldWhere: string | null
  /** Sales beyond the stock (sold twice: decisions 0030, 0033) the seller has not settled, oldest first; empty when none. */
  oversoldOrders: SaleRef[]
  /** Where the seller's last change stands on eBay; null when none was sent. */
  ebayRevisionStatus: EbayRevisionStatus | null
  /** eBay's refusal in eBay's words, or why the change waits. */
  ebayRevisionMessage: string | null
  /** Where it stands on Etsy (docs/decisions/0031); null before Etsy has a listing for it. */
  etsyStatus: 'draft' | 'active' | 'inactive' | 'sold' | null
  /** Where buyers see it on Etsy, once Etsy has said (the publish's last step); null before. */
  etsyViewUrl: string | null
  /** Where the last change (an edit, a sale elsewhere) stands on Etsy; null when none was sent. */
  etsyRevisionStatus: 'pending' | 'done' | 'refused' | null
  /** Etsy's refusal, in Etsy's words. */
  etsyRevisionMessage: string | null
  /**
   * Brought from eBay by an import (docs/decisions/0037): 'inventory' (made with eBay's Inventory API, changed from
   * Snaplist as its own are) or 'trading' (made on ebay.com: only its Price and Quantity reach eBay); null otherwise.
   */
  ebayImported: 'inventory' | 'trading' | null
}

/** The seller's fields as stored: as the input schema gives them, or null on rows from before a field had a default. */
type StoredFields = {
  [Name in ListingFieldName]: SpecOf<Name> extends { legacyNull: true } ? ListingInput[Name] | null : ListingInput[Name]
}

/** A listing as the API answers it. */
export type Listing = ListingRecordState &
  StoredFields &
  ListingLife & {
    /** In GET /api/listings: where buyers see the listing on eBay while it is live there, else null. */
    viewUrl?: string | null
  }

/** pending: on its way to eBay; done: eBay has it; refused: eBay said no (see the message); waiting: a limit or eBay away. */
export type EbayRevisionStatus = 'pending' | 'done' | 'refused' | 'waiting'

export type PriceSource = 'asking' | 'median' | 'retail'

/** What eBay receives: the seller's Price, else (older listings) the median used price, else the retail price. */
export function priceForEbay(listing: Pick<Listing, 'askingPrice' | 'medianUsedPrice' | 'price'>): {
  value: number
  source: PriceSource
} {
  if (listing.askingPrice) return { value: listing.askingPrice, source: 'asking' }
  if (listing.medianUsedPrice) return { value: listing.medianUsedPrice, source: 'median' }
  return { value: listing.price, source: 'retail' }
}

/** docs/product.md §4: posted to eBay when active and the platform id starts with 'ebay'. */
export const isPostedToEbay = (listing: Pick<Listing, 'platformStatus' | 'platformListingId'>) =>
  listing.platformStatus === 'active' && (listing.platformListingId?.startsWith('ebay') ?? false)

/**
 * A listing's status on the Dashboard (docs/product.md §4), derived here only. Live on eBay is SPEC's rule
 * (isPostedToEbay); Sold and Ended are what eBay last told us; anything else is Ready: on Snaplist, not posted. A draft
 * on the phone is not a listing yet, so 'draft' is the phone's own status.
 */
export type ListingStatus = 'ready' | 'live' | 'sold' | 'ended'
export type DashboardStatus = 'draft' | ListingStatus

export const STATUS_LABELS: Record<DashboardStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  live: 'Live on eBay',
  sold: 'Sold',
  ended: 'Ended',
}

export function listingStatus(listing: Pick<Listing, 'platformStatus' | 'platformListingId'>): ListingStatus {
  if (isPostedToEbay(listing)) return 'live'
  if (listing.platformStatus === 'sold') return 'sold'
  if (listing.platformStatus === 'ended') return 'ended'
  return 'ready'
}
