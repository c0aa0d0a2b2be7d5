// A Listing as the API returns it, and the payload that creates one (docs/product.md §3), built from the fields declared
// in listing-fields.ts. The same schema validates the API input and resolves the create form.
import * as v from 'valibot'
import { AspectValuesSchema, CategoryIdSchema } from './catalog.ts'
import { GuessesSchema } from './guesses.ts'
import { FIELD_SCHEMAS } from './listing-field-schemas.ts'
import type { ListingFieldName, SpecOf } from './listing-fields.ts'
import type { ListingRecordState } from './listing-record.ts'
import { FILLABLE_FIELDS, type FillableField } from './listing-suggestion.ts'
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from './photos.ts'
import { POSTGRES_INTEGER_MAX } from './row-id.ts'
import { MARKETPLACE_PATHS, PLATFORMS, type Platform } from './marketplace-paths.ts'

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
  /** The values the AI only guessed and the seller has not checked on the phone (contract/guesses.ts). */
  guesses: v.optional(GuessesSchema, []),
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
  guesses: _guesses,
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
    v.maxValue(POSTGRES_INTEGER_MAX, 'version is too large'),
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
export type SoldOn = Platform | 'elsewhere'
export const SOLD_ON_VALUES = [...PLATFORMS, 'elsewhere'] as const satisfies readonly SoldOn[]
export const SOLD_ON_LABELS = {
  ...(Object.fromEntries(PLATFORMS.map((platform) => [platform, MARKETPLACE_PATHS[platform].name])) as Record<
    Platform,
    string
  >),
  elsewhere: 'elsewhere',
} satisfies Record<SoldOn, string>

/** A sale as the seller finds it: the marketplace, and its order number there (for elsewhere, where it was sold). */
export interface SaleRef {
  marketplace: SoldOn
  orderId: string
}

/** A sale in the seller's words: "eBay order 12-345", "Etsy receipt 678", "a sale at Poshmark". */
export const saleLabel = ({ marketplace, orderId }: SaleRef) =>
  marketplace === 'elsewhere'
    ? `a sale at ${orderId}`
    : `${MARKETPLACE_PATHS[marketplace].name} ${MARKETPLACE_PATHS[marketplace].orderName} ${orderId}`

/**
 * Where a listing stands on one marketplace (listing_places, docs/decisions/0060): unlisted (known there, not for
 * sale), publishing (under way or stopped half way), live, ended, sold out (its last piece sold there), or refused.
 */
export type PlaceState = 'unlisted' | 'publishing' | 'live' | 'ended' | 'sold_out' | 'refused'

export interface ListingPlace {
  /** A marketplace Snaplist sells on (the marketplaces table of migration 0054). */
  marketplace: Platform
  state: PlaceState
  /** The listing's id on that marketplace; null before it gave one. */
  externalId: string | null
  /** Where buyers see it there, when the marketplace said (Etsy); eBay's is the listing's viewUrl. */
  url: string | null
  /** Where the seller's last change (an edit, a sale elsewhere) stands there; null when none was sent. */
  revision: 'pending' | 'waiting' | 'done' | 'refused' | null
}

/** What a listing's life after creation adds (docs/product.md §4): edits counted, sales, changes on their way to eBay. */
export interface ListingLife {
  /** Its status on the Dashboard, from its places (listingStatus). */
  status: ListingStatus
  /** Its place on each marketplace it was published on, eBay first. */
  places: ListingPlace[]
  /** SPEC's eBay listing id ('ebay-<eBay's id>'), from its eBay place; null when eBay never gave one. */
  platformListingId: string | null
  /** SPEC's eBay status: 'sold' once its last piece sold anywhere, else 'active' or 'ended' as on eBay; null never there. */
  platformStatus: string | null
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

/**
 * The price a listing is listed at on every marketplace: the seller's Price, else (older listings) the median used price,
 * else the retail price.
 */
export function listedPrice(listing: Pick<Listing, 'askingPrice' | 'medianUsedPrice' | 'price'>): {
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
 * A listing's status on the Dashboard (docs/product.md §4, docs/decisions/0060): Sold once its last piece sold
 * anywhere, Live when live on any marketplace, Ended when ended on one, anything else Ready: on Snaplist, not for sale
 * anywhere. The server derives it from the listing's places (migration 0054) and answers it as `status`, so the
 * Dashboard's filters, counts and rows agree. A draft on the phone is not a listing yet, so 'draft' is the phone's own.
 */
export type ListingStatus = 'ready' | 'live' | 'sold' | 'ended'
export type DashboardStatus = 'draft' | ListingStatus

export const STATUS_LABELS: Record<DashboardStatus, string> = {
  draft: 'Draft',
  ready: 'Ready',
  live: 'Live',
  sold: 'Sold',
  ended: 'Ended',
}

/** eBay's own state of the listing, as SPEC's fields say it: what the row's eBay actions (Post, End, Relist) follow. */
export function ebayStatus(listing: Pick<Listing, 'platformStatus' | 'platformListingId'>): ListingStatus {
  if (isPostedToEbay(listing)) return 'live'
  if (listing.platformStatus === 'sold') return 'sold'
  if (listing.platformStatus === 'ended') return 'ended'
  return 'ready'
}

/**
 * The listing's status. A listing this phone kept offline from before the server said `status` reads eBay's (what
 * the status was then) until the server's answer replaces it.
 */
export const listingStatus = (
  listing: Pick<Listing, 'platformStatus' | 'platformListingId'> & Partial<Pick<Listing, 'status'>>,
) => listing.status ?? ebayStatus(listing)

/**
 * Where the listing stands on one marketplace (what the row's actions there follow); undefined when it was never
 * there. A listing kept on the phone from before places reads eBay's from SPEC's fields.
 */
export function placeOn(
  listing: Pick<Listing, 'platformStatus' | 'platformListingId'> & Partial<Pick<Listing, 'places'>>,
  marketplace: Platform,
): PlaceState | undefined {
  if (listing.places) return listing.places.find((place) => place.marketplace === marketplace)?.state
  if (marketplace !== 'ebay') return undefined
  return ({ live: 'live', ended: 'ended', sold: 'sold_out', ready: undefined } as const)[ebayStatus(listing)]
}

/** The marketplaces the listing is live on, eBay first. A listing kept on the phone from before places reads eBay's. */
export const livePlatforms = (
  listing: Pick<Listing, 'platformStatus' | 'platformListingId'> & Partial<Pick<Listing, 'places'>>,
): Platform[] =>
  listing.places
    ? listing.places.filter((place) => place.state === 'live').map((place) => place.marketplace)
    : isPostedToEbay(listing)
      ? ['ebay']
      : []

/** Where the listing is live, in the seller's words: its row reads "Live on eBay · Etsy". */
export const liveOn = (
  listing: Pick<Listing, 'platformStatus' | 'platformListingId'> & Partial<Pick<Listing, 'places'>>,
): string[] => livePlatforms(listing).map((platform) => SOLD_ON_LABELS[platform])
