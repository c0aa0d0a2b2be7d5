// Publishing a listing to eBay (SPEC §7 POST /api/listings/{id}/post-to-ebay): what the Post to eBay dialog learns
// before it publishes (the category eBay will use, its required details present and missing, the selling set-up),
// and what the seller may add there. The same schema validates the API input and the dialog's form.
import * as v from 'valibot'

/** Where a seller sets up (or opts in to) business policies: named by the API's messages and linked by the dialog. */
export const EBAY_POLICIES_PAGE = 'https://www.bizpolicy.ebay.com/businesspolicy/manage'

export const CONDITIONS = [
  { value: 'used', label: 'Used' },
  { value: 'new', label: 'New' },
] as const
export type Condition = (typeof CONDITIONS)[number]['value']

// eBay's limits for item specifics: a name of at most 40 characters, a value of at most 50 (integration-notes §A2).
export const ASPECT_NAME_MAX = 40
export const ASPECT_VALUE_MAX = 50

export const EbayPublishInputSchema = v.object({
  condition: v.optional(v.picklist(['used', 'new'], 'Condition must be used or new')),
  /** Values for eBay's required details that the listing does not carry (name → value). */
  aspects: v.optional(
    v.pipe(
      v.record(
        v.pipe(v.string(), v.trim(), v.nonEmpty('A detail needs a name'), v.maxLength(ASPECT_NAME_MAX, `A detail's name must be at most ${ASPECT_NAME_MAX} characters`)),
        v.pipe(v.string('Each detail must be text'), v.trim(), v.maxLength(ASPECT_VALUE_MAX, `Each detail must be at most ${ASPECT_VALUE_MAX} characters (eBay's limit)`)),
      ),
      v.check((aspects) => Object.keys(aspects).length <= 30, 'Send at most 30 details'),
    ),
  ),
  /** Where the item ships from, for the inventory location eBay needs once per seller. */
  postalCode: v.optional(
    v.pipe(v.string('ZIP code must be text'), v.trim(), v.regex(/^\d{5}(-\d{4})?$/, 'Enter a US ZIP code, like 95125')),
  ),
})
export type EbayPublishInput = v.InferOutput<typeof EbayPublishInputSchema>

export interface EbayAspectRequirement {
  name: string
  /** The value the listing gives it, already matched to eBay's spelling; null when missing. */
  value: string | null
  /** For details eBay takes only from a list; empty when any text will do. */
  allowedValues: string[]
}

export interface EbayRequirements {
  category: { id: string; name: string }
  condition: Condition
  aspects: EbayAspectRequirement[]
  /** Names of the required details without a value. */
  missing: string[]
  /** Null when the seller has fulfillment, payment and return policies; otherwise what to do, in eBay's words. */
  policiesProblem: string | null
  /** Whether the seller still needs an inventory location (the dialog then asks for a ZIP code). */
  needsLocation: boolean
}

export interface EbayPublishResult {
  message: string
  listingId: string
  platformListingId: string
  viewUrl: string
}
