// Publishing a listing to Etsy (POST /api/listings/{id}/post-to-etsy) and the check before it
// (GET /api/listings/{id}/etsy-requirements): what the seller answers for Etsy, and what Etsy's shop set-up lacks.
// Etsy's limits are declared here once, with their source: Etsy's OpenAPI file has no maxLength for titles nor limits
// on tags, Etsy refuses them anyway (tests/contracts/README.md).
import * as v from 'valibot'
import type { ErrorCode } from './errors.ts'
import { ETSY_WHEN_MADE } from './etsy-when-made.ts'
import { AskingPriceSchema } from './listing.ts'

export const ETSY_TITLE_MAX = 140
export const ETSY_TAGS_MAX = 13
export const ETSY_TAG_LENGTH_MAX = 20
/** createDraftListing's image_ids: "up to 10 images". */
export const ETSY_IMAGES_MAX = 10
/** createDraftListing's who_made enum (Etsy's OpenAPI file). */
export const ETSY_WHO_MADE = ['i_did', 'someone_else', 'collective'] as const

const IdSchema = (name: string) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/), v.transform(Number))], `${name} must be a number`),
    v.integer(`${name} must be a whole number`),
    v.minValue(1, `${name} must be a positive number`),
  )
const BooleanSchema = v.union(
  [
    v.boolean(),
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((text) => text === 'true'),
    ),
  ],
  'isSupply must be true or false',
)

// The seller's answers for Etsy: as JSON on publish, as the query of the requirements check.
const etsyAnswers = {
  whoMade: v.optional(v.picklist(ETSY_WHO_MADE, `Who made it must be one of ${ETSY_WHO_MADE.join(', ')}`)),
  whenMade: v.optional(v.picklist(ETSY_WHEN_MADE, `When it was made must be one of ${ETSY_WHEN_MADE.join(', ')}`)),
  isSupply: v.optional(BooleanSchema),
  /** Etsy's seller taxonomy node; when not given, the one for the listing's Category. */
  taxonomyId: v.optional(IdSchema('taxonomyId')),
  /** The shop's profiles; when not given, the shop's first. */
  shippingProfileId: v.optional(IdSchema('shippingProfileId')),
  returnPolicyId: v.optional(IdSchema('returnPolicyId')),
  readinessStateId: v.optional(IdSchema('readinessStateId')),
}

export const EtsyRequirementsQuerySchema = v.object(etsyAnswers)
/** Etsy's answers in a bulk post (bulk-post.ts): its publish's, once for all and per listing. Strict: a stray key is refused. */
export const EtsyBulkAnswersSchema = v.strictObject(etsyAnswers)
export const EtsyPublishInputSchema = v.object({ ...etsyAnswers, askingPrice: AskingPriceSchema })
export type EtsyAnswers = v.InferOutput<typeof EtsyRequirementsQuerySchema>
export type EtsyPublishInput = v.InferOutput<typeof EtsyPublishInputSchema>

export interface EtsyChoice {
  id: number
  name: string
}

/** Something Etsy needs that is not there yet, with the code publishing would be refused with. */
export interface EtsyMissing {
  code: ErrorCode
  message: string
}

export interface EtsyRequirements {
  /** Empty: publishing can go ahead with these answers. */
  missing: EtsyMissing[]
  taxonomy: EtsyChoice | null
  shippingProfiles: EtsyChoice[]
  returnPolicies: EtsyChoice[]
  processingProfiles: EtsyChoice[]
  whoMade: readonly string[]
  whenMade: readonly string[]
}

export interface EtsyPublishResult {
  message: string
  /** Etsy's listing id. */
  listingId: string
  platformListingId: string
  viewUrl: string
}
