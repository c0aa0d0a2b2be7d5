// Publishing a listing to eBay (docs/product.md §7 POST /api/listings/{id}/post-to-ebay): what the Post to eBay dialog learns
// before it publishes (the category eBay will use, its required details present and missing, the selling set-up),
// and what the seller may add there. The same schema validates the API input and the dialog's form.
import * as v from 'valibot'
import { AskingPriceSchema } from './listing.ts'
import { AspectValuesSchema, CategoryIdSchema } from './ebay/ebay-aspect-values.ts'
import type { Condition } from './options.ts'

/** Where a seller sets up (or opts in to) business policies: named by the API's messages and linked by the dialog. */
export const EBAY_POLICIES_PAGE = 'https://www.bizpolicy.ebay.com/businesspolicy/manage'
/**
 * What a listing lacks when the seller's shipping policy is priced by calculated shipping (issue 33): eBay prices the
 * parcel, so it needs the package weight and size, which are on the listing's form.
 */
export const CALCULATED_SHIPPING_NEED = 'Package weight and size'

/** What a used item lacks whose photos are all eBay's stock photos: buyers of used goods see the item itself. */
export const OWN_PHOTO_NEED = 'A photo of the item itself'

/**
 * eBay's condition ids (what the Metadata API's getItemConditionPolicies lists per category) and the Inventory API's
 * ConditionEnum value for each (eBay's 'Item condition ID and name values' page). The label shown is the category's own
 * (eBay calls 1000 "New with tags" in clothing and "New" elsewhere).
 */
export const EBAY_CONDITION_IDS = {
  '1000': 'NEW',
  '1500': 'NEW_OTHER',
  '1750': 'NEW_WITH_DEFECTS',
  '2000': 'CERTIFIED_REFURBISHED',
  '2010': 'EXCELLENT_REFURBISHED',
  '2020': 'VERY_GOOD_REFURBISHED',
  '2030': 'GOOD_REFURBISHED',
  '2500': 'SELLER_REFURBISHED',
  '2750': 'LIKE_NEW',
  '2990': 'PRE_OWNED_EXCELLENT',
  '3000': 'USED_EXCELLENT',
  '3010': 'PRE_OWNED_FAIR',
  '4000': 'USED_VERY_GOOD',
  '5000': 'USED_GOOD',
  '6000': 'USED_ACCEPTABLE',
  '7000': 'FOR_PARTS_OR_NOT_WORKING',
} as const
export type EbayCondition = (typeof EBAY_CONDITION_IDS)[keyof typeof EBAY_CONDITION_IDS]
const EBAY_CONDITION_VALUES = Object.values(EBAY_CONDITION_IDS)

/** eBay ignores (and warns about) a condition description on these: the dialog does not offer one. */
export const NEW_CONDITIONS: readonly EbayCondition[] = ['NEW', 'LIKE_NEW', 'NEW_OTHER', 'NEW_WITH_DEFECTS']
export const CONDITION_DESCRIPTION_MAX = 1000

/** eBay's condition for Snaplist's own used/new, when the seller has not chosen one of eBay's. */
export const EBAY_CONDITION_OF: Record<Condition, EbayCondition> = { used: 'USED_EXCELLENT', new: 'NEW' }

export interface EbayConditionOption {
  value: EbayCondition
  /** eBay's name for it in this category. */
  label: string
}

/**
 * An eBay business policy's id, as the seller chooses one. eBay's contract says only "string" (its ids are digits
 * today): any id eBay gives is taken, so a policy never leaves Post to eBay refusing what eBay listed (issue 47).
 */
const PolicyIdSchema = v.pipe(
  v.string('Choose a shipping policy'),
  v.regex(/^[\w-]{1,64}$/, 'Choose one of your eBay shipping policies'),
)

/** One of the seller's shipping (fulfillment) policies, as the Post to eBay dialog offers it. */
export interface ShippingPolicy {
  id: string
  name: string
  /** Calculated shipping prices it: eBay needs the parcel's weight and size. */
  calculated: boolean
}

export const EbayPublishInputSchema = v.object({
  /** Snaplist's used/new, or one of eBay's conditions for the category. */
  condition: v.optional(
    v.picklist(['used', 'new', ...EBAY_CONDITION_VALUES], 'Choose one of the conditions eBay offers'),
  ),
  conditionDescription: v.optional(
    v.pipe(
      v.string('Condition description must be text'),
      v.trim(),
      v.maxLength(
        CONDITION_DESCRIPTION_MAX,
        `Condition description must be at most ${CONDITION_DESCRIPTION_MAX} characters (eBay's limit)`,
      ),
    ),
  ),
  /** Another of eBay's leaf categories than the one it suggested. */
  categoryId: v.optional(CategoryIdSchema),
  /** The seller's Price, saved on the listing before it is published. */
  askingPrice: AskingPriceSchema,
  /** One of the seller's shipping policies for this listing (kept for it); else the one kept, or the seller's first. */
  shippingPolicyId: v.optional(PolicyIdSchema),
  /** Values for eBay's required details that the listing does not carry (name → value). */
  aspects: v.optional(AspectValuesSchema),
  /** Where the item ships from, for the inventory location eBay needs once per seller. */
  postalCode: v.optional(
    v.pipe(v.string('ZIP code must be text'), v.trim(), v.regex(/^\d{5}(-\d{4})?$/, 'Enter a US ZIP code, like 95125')),
  ),
})
export type EbayPublishInput = v.InferOutput<typeof EbayPublishInputSchema>

/** GET /api/listings/{id}/ebay-requirements?categoryId=: what eBay needs if the listing went in that category. */
export const EbayRequirementsQuerySchema = v.object({
  categoryId: v.optional(CategoryIdSchema),
  shippingPolicyId: v.optional(PolicyIdSchema),
})
export type EbayRequirementsQuery = v.InferOutput<typeof EbayRequirementsQuerySchema>

/** PUT /api/listings/{id}/ebay-category: the seller's choice of eBay category, kept on the listing. */
export const EbayCategoryChoiceSchema = v.object({ categoryId: CategoryIdSchema })

export interface EbayCategory {
  id: string
  name: string
}

export interface EbayAspectRequirement {
  name: string
  /** The value the listing gives it, already matched to eBay's spelling; null when missing. */
  value: string | null
  /** For details eBay takes only from a list; empty when any text will do. */
  allowedValues: string[]
}

/** An item specific as it goes to eBay. */
export interface EbayAspectValue {
  name: string
  value: string
}

export interface EbayRequirements {
  category: EbayCategory
  /** The condition chosen for eBay, or the one Snaplist's used/new stands for when eBay allows it here. */
  condition: EbayCondition
  /** The conditions eBay allows in the category (empty: eBay did not say; any is tried). */
  conditions: EbayConditionOption[]
  conditionDescription: string
  aspects: EbayAspectRequirement[]
  /** The other item specifics that go with it (from the listing's fields and its analysis): shown before they are sent. */
  otherAspects: EbayAspectValue[]
  /** Names of the required details without a value. */
  missing: string[]
  /** Null when the seller has fulfillment, payment and return policies; otherwise what to do, in eBay's words. */
  policiesProblem: string | null
  /** Whether the seller still needs an inventory location (the dialog then asks for a ZIP code). */
  needsLocation: boolean
  /** The seller's shipping policies (empty without policies), and the one this listing goes with. */
  shipping: { policies: ShippingPolicy[]; chosen: string | null }
  /** Every photo is eBay's stock photo: a condition other than new then lacks OWN_PHOTO_NEED. */
  onlyStockPhotos: boolean
}

/** POST /api/listings/{id}/end-on-ebay and /relist-on-ebay: where the listing stands on eBay now. */
export interface EbayLifecycleResult {
  message: string
  platformStatus: 'active' | 'ended'
  platformListingId: string
  /** Where buyers see it while it is live; null once ended. */
  viewUrl: string | null
}

export interface EbayPublishResult {
  message: string
  listingId: string
  platformListingId: string
  viewUrl: string
}

/** eBay's answer in a bulk post (bulk-post.ts): where the items ship from, its inventory location once per seller. */
export const EbayBulkAnswersSchema = v.strictObject({ postalCode: EbayPublishInputSchema.entries.postalCode })
