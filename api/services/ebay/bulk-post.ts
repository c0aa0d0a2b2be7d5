// Posting many listings to eBay at once (docs/product.md §17): one durable job per listing, stored in the same
// transaction as the request's rows, each publishing through the one publisher the Post to eBay dialog uses. That
// publisher is idempotent per listing (a listing already live answers its eBay listing; a retry after a lost reply
// updates the same offer), so a job run twice, or the same request sent twice, publishes each listing once. A listing
// whose parcel or condition is still Snaplist's guess is not sent (issue 47): the seller looks at it first, and says
// so here (guesses-checked) or posts it from the Post to eBay dialog, which shows them.
import * as v from 'valibot'
import { logChange } from '../../db/change-events.ts'
import { BULK_POST_QUEUE_MAX, type EbayBulkPost, type EbayBulkPostInput } from '../../contract/ebay-bulk-post.ts'
import { EbayPublishInputSchema } from '../../contract/ebay-publish.ts'
import {
  ebayGuessesOf,
  GUESSED_CONDITION,
  parcelGuessed,
  parcelText,
  type GuessesChecked,
} from '../../contract/guesses.ts'
import { isPostedToEbay, type Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import * as bulkPosts from '../../db/ebay-bulk-posts.ts'
import * as listings from '../../db/listings.ts'
import { AppError, notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { createLimiter, type LimitRule } from '../rate-limit.ts'
import { isRefusal } from '../selling/marketplace.ts'
import type { EbayPublisher } from './publish.ts'

export const BULK_POST_JOB = 'ebay-bulk-post'

export interface BulkPostJob {
  userId: number
  bulkPostId: number
  listingId: number
  postalCode?: string
}

/** Requests a seller may make a minute: a phone posts a haul in one, so more is a script or a stuck button. */
export const BULK_POST_REQUEST_LIMIT: LimitRule = { max: 10, windowSeconds: 60 }

const queueFull = (waiting: number) =>
  new AppError(
    429,
    'bulk_post_queue_full',
    `${waiting} of your listings are still waiting to be posted to eBay, and at most ${BULK_POST_QUEUE_MAX} can wait at once. Post these once more of them are on eBay.`,
  )

/** A listing eBay would get Snaplist's guesses of, refused before eBay: what was guessed, and how to look at it. */
function guessesUnchecked(listing: Listing): AppError | undefined {
  const guessed = ebayGuessesOf(listing)
  if (!guessed.length || isPostedToEbay(listing)) return undefined
  const what = [
    parcelGuessed(guessed) ? `its parcel (${parcelText(listing)})` : '',
    guessed.includes(GUESSED_CONDITION) ? 'its condition' : '',
  ].filter(Boolean)
  return new AppError(
    400,
    'ebay_guesses_unchecked',
    `Not sent: the AI guessed ${what.join(' and ')}, and eBay would take ${what.length > 1 ? 'them' : 'it'} as fact. Look at ${what.length > 1 ? 'them' : 'it'} (Looks right, or Post to eBay on its own), then post it.`,
  )
}

export function createEbayBulkPoster({ sql, jobs, publisher }: { sql: Sql; jobs: JobQueue; publisher: EbayPublisher }) {
  const limiter = createLimiter(
    sql,
    'ebay-bulk-post',
    { perSeller: BULK_POST_REQUEST_LIMIT },
    (wait) => `You have posted many listings to eBay just now. Try again in ${wait}.`,
  )
  /** The job: publishes one listing of the request and records how it went (a refusal is an answer, not a failure). */
  async function postListing({ userId, bulkPostId, listingId, postalCode }: BulkPostJob): Promise<void> {
    try {
      const listing = await listings.findListing(sql, userId, listingId)
      const unchecked = listing && guessesUnchecked(listing)
      if (unchecked) throw unchecked
      // What the Post to eBay dialog sends when the seller adds nothing (and the ZIP code, asked once for all).
      const published = await publisher.publish(
        userId,
        listingId,
        v.parse(EbayPublishInputSchema, postalCode ? { postalCode } : {}),
      )
      await bulkPosts.recordBulkPostItem(sql, bulkPostId, listingId, { status: 'posted', viewUrl: published.viewUrl })
      await logChange(sql, userId, 'bulk-post-progress', listingId, { bulkPostId, status: 'posted', message: null })
    } catch (error) {
      // eBay away or busy: the job fails and is retried with back-off.
      if (!isRefusal(error)) throw error
      await bulkPosts.recordBulkPostItem(sql, bulkPostId, listingId, {
        status: 'refused',
        code: error.code,
        message: error.message,
      })
      // Seen on every open screen, the seller's other devices too (docs/decisions/0034).
      await logChange(sql, userId, 'bulk-post-progress', listingId, {
        bulkPostId,
        status: 'refused',
        message: error.message,
      })
    }
  }

  async function view(userId: number, id: number): Promise<EbayBulkPost> {
    const items = await bulkPosts.findBulkPostItems(sql, userId, id)
    if (!items) throw notFound('This bulk post was not found.')
    return { id, items, done: items.every((item) => item.status !== 'queued') }
  }

  /**
   * The request's rows and one job per listing, together or not at all; undefined when a twin request made them.
   * Refused past the seller's cap. Each job's priority is minus its place in the seller's own queue, so the queue takes
   * every seller's first listing, then every seller's second, and so on: one seller's 500 do not hold up another's one.
   */
  const record = (userId: number, { clientId, listingIds, postalCode }: EbayBulkPostInput) =>
    sql.begin(async (tx) => {
      const waiting = await bulkPosts.lockAndCountQueued(tx, userId)
      if (waiting + listingIds.length > BULK_POST_QUEUE_MAX) throw queueFull(waiting)
      const id = await bulkPosts.insertBulkPost(tx, userId, clientId)
      if (id === undefined) return undefined
      await bulkPosts.insertBulkPostItems(tx, id, listingIds)
      const queued = listingIds.map((listingId, position) => ({
        data: { userId, bulkPostId: id, listingId, ...(postalCode ? { postalCode } : {}) } satisfies BulkPostJob,
        priority: -(waiting + position + 1),
      }))
      await jobs.sendManyInTransaction(tx, BULK_POST_JOB, queued)
      return id
    })

  return {
    /** The seller looked at these guesses of the listing's, as the check showed them: theirs from now on. */
    async checkGuesses(userId: number, listingId: number, { guesses }: GuessesChecked): Promise<Listing> {
      const listing = await listings.forgetGuesses(sql, userId, listingId, guesses)
      if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      await logChange(sql, userId, 'listing-edited', listingId, {})
      return listing
    },
    /** Queues the listings; the same clientId again answers the request it made, and queues nothing more. */
    async start(userId: number, input: EbayBulkPostInput): Promise<{ post: EbayBulkPost; created: boolean }> {
      const earlier = await bulkPosts.findBulkPostByClientId(sql, userId, input.clientId)
      if (earlier !== undefined) return { post: await view(userId, earlier), created: false }
      await limiter.consume({ perSeller: String(userId) })
      const owned = await listings.ownedListingIds(sql, userId, input.listingIds)
      const missing = input.listingIds.find((listingId) => !owned.has(listingId))
      if (missing !== undefined) throw notFound(`Listing ${missing} was not found.`)
      const id = (await record(userId, input)) ?? (await bulkPosts.findBulkPostByClientId(sql, userId, input.clientId))!
      return { post: await view(userId, id), created: true }
    },
    view,
    postListing,
  }
}

export type EbayBulkPoster = ReturnType<typeof createEbayBulkPoster>
