// Posting many listings to eBay at once (docs/product.md §17): the request (which listings, named by the phone's own
// id for the request so sending it again makes nothing new) and what the phone reads back, listing by listing.
import * as v from 'valibot'
import { rowIdSchema } from './row-id.ts'

/**
 * At most this many of one seller's listings wait to be posted at once, and so in one request: enough for a big haul
 * in one tap, while the queue stays fair to other sellers (docs/decisions/0023).
 */
export const BULK_POST_QUEUE_MAX = 500

export const EbayBulkPostInputSchema = v.object({
  clientId: v.pipe(v.string('clientId must be a UUID'), v.uuid('clientId must be a UUID')),
  listingIds: v.pipe(
    v.array(rowIdSchema('Each listing id must be a whole number')),
    v.minLength(1, 'Choose at least one listing'),
    v.maxLength(BULK_POST_QUEUE_MAX, `Post at most ${BULK_POST_QUEUE_MAX} listings at once`),
    v.check((ids) => new Set(ids).size === ids.length, 'Each listing at most once'),
  ),
  /** Where the items ship from: eBay needs an inventory location once per seller. */
  postalCode: v.optional(
    v.pipe(v.string('ZIP code must be text'), v.trim(), v.regex(/^\d{5}(-\d{4})?$/, 'Enter a US ZIP code, like 95125')),
  ),
})
export type EbayBulkPostInput = v.InferOutput<typeof EbayBulkPostInputSchema>

export type EbayBulkPostItemStatus = 'queued' | 'posted' | 'refused'

export interface EbayBulkPostItem {
  listingId: number
  title: string
  status: EbayBulkPostItemStatus
  /** Why it was refused: the error's code (docs/product.md §8 picks the words) and the server's sentence. */
  code: string | null
  message: string | null
  viewUrl: string | null
}

export interface EbayBulkPost {
  id: number
  items: EbayBulkPostItem[]
  /** Every listing has its answer. */
  done: boolean
}
