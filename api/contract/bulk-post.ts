// Posting many listings at once to every marketplace the seller chose (docs/product.md §17, decision 0064): the
// request (which listings, named by the phone's own id for the request so sending it again makes nothing new, where
// to, and what each marketplace asks, once for all and per listing where one answer cannot do) and what the phone
// reads back, listing by listing and marketplace by marketplace.
import * as v from 'valibot'
import { BULK_POST_QUEUE_MAX } from './bulk-post-max.ts'
import { BULK_POST_ANSWERS } from './marketplace-descriptions.ts'
import { PLATFORMS, type Platform } from './marketplace-paths.ts'
import { rowIdSchema } from './row-id.ts'

/** What each marketplace asks the seller beside the listing, each optional: its own answers' schema. */
// Strict: an array or a stray key is refused, not read as an empty answer.
const optionalAnswers = <Schemas extends Record<Platform, v.GenericSchema>>(schemas: Schemas) =>
  Object.fromEntries(PLATFORMS.map((platform) => [platform, v.optional(schemas[platform])])) as {
    [P in Platform]: v.OptionalSchema<Schemas[P], undefined>
  }
export const BulkPostAnswersSchema = v.strictObject(optionalAnswers(BULK_POST_ANSWERS))
export type BulkPostAnswers = v.InferOutput<typeof BulkPostAnswersSchema>

const listingIdSchema = rowIdSchema('Each listing id must be a whole number')
const once = <T>(items: T[]) => new Set(items).size === items.length

const MarketplacesSchema = v.pipe(
  v.array(v.picklist(PLATFORMS, `Each marketplace must be one of ${PLATFORMS.join(', ')}`)),
  v.minLength(1, 'Choose at least one marketplace'),
  v.check(once, 'Each marketplace at most once'),
)

export const BulkPostInputSchema = v.pipe(
  v.object({
    clientId: v.pipe(v.string('clientId must be a UUID'), v.uuid('clientId must be a UUID')),
    listingIds: v.pipe(
      v.array(listingIdSchema),
      v.minLength(1, 'Choose at least one listing'),
      v.maxLength(BULK_POST_QUEUE_MAX, `Post at most ${BULK_POST_QUEUE_MAX} listings at once`),
      v.check(once, 'Each listing at most once'),
    ),
    /** Where to post them; when not said, every marketplace the seller has connected. */
    marketplaces: v.optional(MarketplacesSchema),
    /** Each marketplace's answers, asked once for the whole selection. */
    answers: v.optional(BulkPostAnswersSchema, {}),
    /**
     * What one request for all cannot say of a listing: the marketplaces it goes to, when fewer than the request's
     * (ready on one, still needing something on another), and its own answers over the shared ones (its category
     * there).
     */
    perListing: v.optional(
      v.pipe(
        v.array(
          v.object({
            listingId: listingIdSchema,
            marketplaces: v.optional(MarketplacesSchema),
            answers: v.optional(BulkPostAnswersSchema, {}),
          }),
        ),
        v.maxLength(BULK_POST_QUEUE_MAX, `Say at most ${BULK_POST_QUEUE_MAX} listings' own answers`),
      ),
      [],
    ),
  }),
  v.check(
    ({ listingIds, perListing }) =>
      once(perListing.map((own) => own.listingId)) && perListing.every((own) => listingIds.includes(own.listingId)),
    'perListing names each chosen listing at most once, and no other',
  ),
)
export type BulkPostInput = v.InferOutput<typeof BulkPostInputSchema>

export type BulkPostItemStatus = 'queued' | 'posted' | 'refused'

/** One listing on one marketplace of the request. */
export interface BulkPostItem {
  listingId: number
  title: string
  marketplace: Platform
  status: BulkPostItemStatus
  /** Why it was refused: the error's code (docs/product.md §8 picks the words) and the server's sentence. */
  code: string | null
  message: string | null
  viewUrl: string | null
}

export interface BulkPost {
  id: number
  /** In the order asked, each listing's marketplaces together. */
  items: BulkPostItem[]
  /** Every listing has its answer from every marketplace. */
  done: boolean
}

/** Where one listing goes and with what: its own marketplaces and answers over the request's. */
export function plannedFor(input: Pick<BulkPostInput, 'answers' | 'perListing'>, listingId: number, to: Platform[]) {
  const own = input.perListing.find((entry) => entry.listingId === listingId)
  const answers = Object.fromEntries(
    PLATFORMS.map((platform) => [platform, { ...input.answers[platform], ...own?.answers[platform] }]),
  ) as BulkPostAnswers
  return { marketplaces: to.filter((id) => !own?.marketplaces || own.marketplaces.includes(id)), answers }
}
