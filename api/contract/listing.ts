// A Listing as the API returns it, and the payload that creates one (docs/product.md §3). The same schema validates the API
// input and resolves the create form.
import * as v from 'valibot'
import type { Condition } from './ebay-publish.ts'
import { CATEGORIES, COLORS, DEPARTMENTS, ITEM_TYPES, SIZE_TYPES, valuesOf } from './options.ts'

export const MAX_IMAGES = 8
export const TITLE_MAX = 80
export const MAX_IMAGES_MESSAGE = 'Maximum 8 images allowed'

/** Form inputs arrive as text; numbers are coerced, blank means the default. */
const wholeNumber = (label: string, { min, fallback }: { min: number; fallback: number }) =>
  v.pipe(
    v.optional(v.union([v.number(), v.pipe(v.string(), v.trim())]), fallback),
    v.transform((input) => (input === '' ? fallback : Number(input))),
    v.number(`${label} must be a number`),
    v.integer(`${label} must be a whole number`),
    v.minValue(min, `${label} must be at least ${min}`),
    v.maxValue(10_000_000, `${label} is too large`),
  )

const optionalText = (label: string, max: number) =>
  v.pipe(v.optional(v.nullable(v.string(`${label} must be text`)), ''), v.transform((text) => (text ?? '').trim()), v.maxLength(max, `${label} must be at most ${max} characters`))

/** '' for "not chosen", or one of the set. */
const optionalChoice = (label: string, values: readonly string[]) =>
  v.pipe(v.optional(v.nullable(v.string()), ''), v.transform((value) => value ?? ''), v.check((value) => value === '' || values.includes(value), `Choose a ${label} from the list`))

// The seller's own Price (what eBay receives), in dollars and cents; the listing keeps it as whole cents.
export const ASKING_PRICE_MAX = 1_000_000
const isCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6

/** Text or a number, blank for "not set" (null); more than $0, at most 2 decimals, at most ASKING_PRICE_MAX. */
export const AskingPriceSchema = v.pipe(
  v.optional(v.nullable(v.union([v.number('Price must be a number, like 24.99'), v.pipe(v.string('Price must be a number, like 24.99'), v.trim())])), null),
  v.transform((input) => (input === null || input === '' ? null : Number(input))),
  v.check((price) => price === null || Number.isFinite(price), 'Price must be a number, like 24.99'),
  v.check((price) => price === null || price > 0, 'Price must be more than $0'),
  v.check((price) => price === null || isCents(price), 'Price can have at most 2 decimals (dollars and cents)'),
  v.check((price) => price === null || price <= ASKING_PRICE_MAX, `Price must be at most $${ASKING_PRICE_MAX.toLocaleString('en-US')}`),
)

export const toCents = (dollars: number) => Math.round(dollars * 100)

export const keywordsFromText = (text: string) =>
  text
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean)

const keywordsSchema = v.pipe(
  v.optional(v.union([v.array(v.string('Keywords must be text')), v.string()]), []),
  v.transform((input) => (typeof input === 'string' ? keywordsFromText(input) : input.map((keyword) => keyword.trim()).filter(Boolean))),
  v.maxLength(30, 'Use at most 30 keywords'),
  v.check((keywords) => keywords.every((keyword) => keyword.length <= 50), 'Each keyword must be at most 50 characters'),
)

export const ListingInputSchema = v.object({
  clientId: v.optional(v.pipe(v.string(), v.uuid('clientId must be a UUID'))),
  title: v.pipe(
    v.optional(v.string('Title is required'), ''),
    v.trim(),
    v.nonEmpty('Title is required'),
    v.maxLength(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters (eBay's limit)`),
  ),
  description: optionalText('Description', 4000),
  price: wholeNumber('Retail Price', { min: 0, fallback: 0 }),
  medianUsedPrice: wholeNumber('Median Used Price', { min: 0, fallback: 0 }),
  askingPrice: AskingPriceSchema,
  quantity: wholeNumber('Quantity', { min: 1, fallback: 1 }),
  category: v.picklist(valuesOf(CATEGORIES), 'Choose a category'),
  keywords: keywordsSchema,
  color: v.picklist(valuesOf(COLORS), 'Choose a primary color'),
  images: v.pipe(
    v.optional(v.array(v.string('Each image must be a URL')), []),
    v.maxLength(MAX_IMAGES, MAX_IMAGES_MESSAGE),
  ),
  // What the analyser suggested (an AnalysisResult): flat text, numbers and keyword lists. Arbitrary JSON could nest
  // deeper than the driver's JSON.stringify can go within the 64 KB body limit.
  aiSuggestions: v.optional(
    v.nullable(v.record(v.string(), v.union([v.string(), v.number(), v.boolean(), v.null(), v.array(v.string())]), 'aiSuggestions must be the analysis as sent by the app')),
    null,
  ),
  brand: optionalText('Brand', 65),
  size: optionalText('Size', 65),
  type: optionalChoice('type', valuesOf(ITEM_TYPES)),
  sizeType: optionalChoice('size type', valuesOf(SIZE_TYPES)),
  department: optionalChoice('department', valuesOf(DEPARTMENTS)),
})
export type ListingInput = v.InferOutput<typeof ListingInputSchema>

/** The fields late AI suggestions may fill on a listing that already exists: only those still empty there. */
export const FILLABLE_FIELDS = [
  'description', 'price', 'medianUsedPrice', 'keywords', 'brand', 'size', 'type', 'sizeType', 'department', 'aiSuggestions',
] as const satisfies readonly (keyof ListingInput)[]
export const ListingFillSchema = v.pipe(
  v.partial(v.pick(ListingInputSchema, FILLABLE_FIELDS)),
  v.check((fill) => Object.values(fill).some((value) => value !== undefined), 'Send at least one field to fill'),
)
export type ListingFill = v.InferOutput<typeof ListingFillSchema>
export type FillableField = (typeof FILLABLE_FIELDS)[number]
/** POST /api/listings/{id}/fill-empty: the listing as it is now, and which fields were empty and are filled now. */
export interface ListingFillReply {
  listing: Listing
  filled: FillableField[]
}

export interface Listing {
  id: number
  userId: number
  clientId: string | null
  title: string
  description: string
  price: number
  medianUsedPrice: number | null
  /** The seller's Price in dollars (2 decimals); null on listings made before it existed. */
  askingPrice: number | null
  category: string
  keywords: string[]
  color: string
  quantity: number
  images: string[]
  aiSuggestions: Record<string, unknown> | null
  createdAt: string
  platformListingId: string | null
  platformStatus: string | null
  brand: string
  size: string
  type: string
  sizeType: string
  department: string
  /** 'used' unless the seller said new when posting to eBay. */
  condition: Condition
  /** eBay's condition (ConditionEnum) the seller chose for eBay; null: the one `condition` stands for. */
  ebayCondition: string | null
  ebayConditionDescription: string
  /** In GET /api/listings: where buyers see the listing on eBay while it is live there, else null. */
  viewUrl?: string | null
}

export type PriceSource = 'asking' | 'median' | 'retail'

/** What eBay receives: the seller's Price, else (older listings) the median used price, else the retail price. */
export function priceForEbay(listing: Pick<Listing, 'askingPrice' | 'medianUsedPrice' | 'price'>): { value: number; source: PriceSource } {
  if (listing.askingPrice) return { value: listing.askingPrice, source: 'asking' }
  if (listing.medianUsedPrice) return { value: listing.medianUsedPrice, source: 'median' }
  return { value: listing.price, source: 'retail' }
}

/** docs/product.md §4: posted to eBay when active and the platform id starts with 'ebay'. */
export const isPostedToEbay = (listing: Pick<Listing, 'platformStatus' | 'platformListingId'>) =>
  listing.platformStatus === 'active' && (listing.platformListingId?.startsWith('ebay') ?? false)

/** Every stored photo has a small WebP beside it, named after it (see api/services/images.ts). */
export const thumbnailUrl = (imageUrl: string) => imageUrl.replace(/\.jpg(\?.*)?$/, '-thumb.webp$1')
