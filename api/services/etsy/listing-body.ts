// A Snaplist listing as Etsy takes it: createDraftListing's form (arrays as repeated keys, as Etsy reads a form) and
// the inventory's one product. Etsy's limits (contract/etsy-publish.ts) are kept here, before Etsy: a title is cut at
// a word to 140 characters, and tags are the listing's keywords Etsy accepts, at most 13 of at most 20 characters.
import { ETSY_TAG_LENGTH_MAX, ETSY_TAGS_MAX, ETSY_TITLE_MAX } from '../../contract/etsy-publish.ts'
import { listedPrice, type Listing } from '../../contract/listing.ts'
import { titleWithinLimit } from '../../contract/listing-fields.ts'
import { marketplaceDescription } from '../../contract/measurements.ts'
import type { EtsyPlan } from './requirements.ts'

// Etsy's createDraftListing tags: "valid tag strings contain only letters, numbers, whitespace characters, -, ', ™, ©,
// and ®" (its OpenAPI file quotes the regex of what it refuses).
const NOT_IN_TAG = /[^\p{L}\p{Nd}\p{Zs}\-'™©®]/gu

export const etsyTitle = (title: string) => titleWithinLimit(title, ETSY_TITLE_MAX)

/** The keywords Etsy takes as tags, in the listing's order, each once. */
export function etsyTags(keywords: readonly string[] | null): string[] {
  const tags = (keywords ?? [])
    .map((keyword) => keyword.replace(NOT_IN_TAG, ' ').replace(/\s+/g, ' ').trim())
    .filter((tag) => tag.length > 0 && tag.length <= ETSY_TAG_LENGTH_MAX)
  return [...new Set(tags)].slice(0, ETSY_TAGS_MAX)
}

/** What Etsy gets as the price: the listing's listed price (listedPrice). */
export const etsyPrice = (listing: Listing) => listedPrice(listing).value

/**
 * The parcel as Etsy's listing takes it (item_weight in oz, item_length/width/height in inches): what was given of it,
 * for Etsy's calculated shipping. Etsy refuses a 0, so a measure not given is not sent.
 */
export function appendParcel(form: URLSearchParams, listing: Listing): URLSearchParams {
  const { packageWeightOz, packageLength, packageWidth, packageHeight } = listing
  if (packageWeightOz > 0) {
    form.append('item_weight', String(packageWeightOz))
    form.append('item_weight_unit', 'oz')
  }
  if (packageLength > 0 && packageWidth > 0 && packageHeight > 0) {
    form.append('item_length', String(packageLength))
    form.append('item_width', String(packageWidth))
    form.append('item_height', String(packageHeight))
    form.append('item_dimensions_unit', 'in')
  }
  return form
}

export function draftForm(listing: Listing, plan: EtsyPlan): URLSearchParams {
  const form = new URLSearchParams({
    quantity: String(listing.quantity),
    title: etsyTitle(listing.title),
    description: marketplaceDescription(listing),
    price: etsyPrice(listing).toFixed(2),
    who_made: plan.whoMade,
    when_made: plan.whenMade,
    is_supply: String(plan.isSupply),
    taxonomy_id: String(plan.taxonomyId),
    shipping_profile_id: String(plan.shippingProfileId),
    return_policy_id: String(plan.returnPolicyId),
    readiness_state_id: String(plan.readinessStateId),
    type: 'physical',
  })
  for (const tag of etsyTags(listing.keywords)) form.append('tags', tag)
  return appendParcel(form, listing)
}

/** updateListingInventory's body: one product, its offering at the listing's price and quantity. */
export const inventoryBody = (listing: Listing, plan: EtsyPlan) => ({
  products: [
    {
      sku: `snaplist-${listing.id}`,
      property_values: [],
      offerings: [
        {
          price: etsyPrice(listing),
          quantity: listing.quantity,
          is_enabled: true,
          readiness_state_id: plan.readinessStateId,
        },
      ],
    },
  ],
})
