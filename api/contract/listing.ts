// A Listing as the API returns it, and the payload that creates one (docs/product.md §3), built from the fields declared
// in listing-fields.ts. The same schema validates the API input and resolves the create form.
import * as v from 'valibot'
import { GuessesSchema } from './guesses.ts'
import { FIELD_SCHEMAS } from './listing-field-schemas.ts'
import type { ListingFieldName, SpecOf } from './listing-fields.ts'
import type { ListingRecordState } from './listing-record.ts'
import type { MarketplaceLife } from './marketplace-listing-parts.ts'
import { MARKETPLACE_INPUT_ENTRIES } from './marketplace-listing-input.ts'
import { FILLABLE_FIELDS, type FillableField } from './listing-suggestion.ts'
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from './photos.ts'
import { POSTGRES_INTEGER_MAX } from './row-id.ts'
import type { ListingPlace, ListingStatus, ReturnedAs, SaleRef, SoldOn } from './listing-status.ts'

// The listing's standing (status, places, sales' words) is listing-status.ts's; answered from here too, with the listing.
export * from './listing-status.ts'

/** The seller's own Price (what a marketplace receives), in dollars and cents; the listing keeps it as whole cents. */
export const AskingPriceSchema = FIELD_SCHEMAS.askingPrice

/** The listing's photos, in order; the first is the cover. */
const ImagesSchema = v.pipe(
  v.optional(v.array(v.string('Each image must be a URL')), []),
  v.maxLength(MAX_IMAGES, MAX_IMAGES_MESSAGE),
)

/** What the seller edits on a listing that exists: every field of the declaration and its photos, in order. */
const EDITABLE_ENTRIES = { ...FIELD_SCHEMAS, images: ImagesSchema }
export type EditableField = keyof typeof EDITABLE_ENTRIES
export const EDITABLE_FIELDS = Object.keys(EDITABLE_ENTRIES) as EditableField[]

export const ListingInputSchema = v.object({
  clientId: v.optional(v.pipe(v.string(), v.uuid('clientId must be a UUID'))),
  ...EDITABLE_ENTRIES,
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
  // Each marketplace's details as the analysis filled them (its category, say), for its Post dialog to start from.
  ...MARKETPLACE_INPUT_ENTRIES,
  /** The values the AI only guessed and the seller has not checked on the phone (contract/guesses.ts). */
  guesses: v.optional(GuessesSchema, []),
})
export type ListingInput = v.InferOutput<typeof ListingInputSchema>

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

/** What a listing's life after creation adds (docs/product.md §4): edits counted, sales, changes on their way to its marketplaces. */
export interface ListingLife extends MarketplaceLife {
  /** Its status on the Dashboard, from its places (listingStatus). */
  status: ListingStatus
  /** Its place on each marketplace it was published on, by marketplace. */
  places: ListingPlace[]
  /** Counts the edits of its editable fields (EDITABLE_FIELDS); an edit names the version it started from. */
  version: number
  /** The last sale: unit price in dollars, when (ISO), the marketplace's order number (none elsewhere); null before any. */
  soldPrice: number | null
  soldAt: string | null
  soldOrderId: string | null
  /** Where the last sale was made, and for a sale elsewhere where the seller said (Poshmark, a yard sale…). */
  soldOn: SoldOn | null
  soldWhere: string | null
  /**
   * The last sale, when every piece of it came back: cancelled by the marketplace, or returned as the seller said
   * (docs/decisions/0065, 0070); null while it stands, or before any.
   */
  soldGivenBack: 'cancelled' | ReturnedAs | null
  /** Sales beyond the stock (sold twice: decisions 0030, 0033) the seller has not settled, oldest first; empty when none. */
  oversoldOrders: SaleRef[]
}

/** The seller's fields as stored: as the input schema gives them, or null on rows from before a field had a default. */
type StoredFields = {
  [Name in ListingFieldName]: SpecOf<Name> extends { legacyNull: true } ? ListingInput[Name] | null : ListingInput[Name]
}

/** A listing as the API answers it. */
export type Listing = ListingRecordState &
  StoredFields &
  ListingLife & {
    /** In GET /api/listings: where buyers see the listing on SPEC's marketplace while it is live there, else null. */
    viewUrl?: string | null
  }
