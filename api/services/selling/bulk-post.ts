// Posting many listings at once to every marketplace the seller chose (docs/product.md §17, decision 0064): one
// durable job per listing and marketplace, stored in the same transaction as the request's rows, each publishing
// through that marketplace's postInBulk, the publisher its own Post dialog uses. Each publisher is idempotent per
// listing (a listing already live there answers where it is; a retry goes on from where the last one stopped), so a
// job run twice, a process killed midway, or the same request sent twice publishes each listing once per marketplace.
// This module names no marketplace: each contributes its publish through the selling list app-services builds.
import { BULK_POST_QUEUE_MAX } from '../../contract/bulk-post-max.ts'
import { type BulkPost, type BulkPostAnswers, type BulkPostInput, plannedFor } from '../../contract/bulk-post.ts'
import type { GuessesChecked } from '../../contract/guesses.ts'
import type { Listing } from '../../contract/listing.ts'
import type { Platform } from '../../contract/marketplace-paths.ts'
import * as bulkPosts from '../../db/bulk-posts.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { hasWorkingGrant } from '../../db/marketplace-connections.ts'
import { AppError, badRequest, notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { notConfigured } from '../marketplaces/connections.ts'
import { createLimiter, type LimitRule } from '../rate-limit.ts'
import { isRefusal, type SellingMarketplaces } from './marketplace.ts'

export const BULK_POST_JOB = 'bulk-post'

export interface BulkPostJob {
  userId: number
  bulkPostId: number
  listingId: number
  marketplace: Platform
  /** The listing's answers: the shared ones with its own over them. */
  answers: BulkPostAnswers
}

/** Requests a seller may make a minute: a phone posts a haul in one, so more is a script or a stuck button. */
export const BULK_POST_REQUEST_LIMIT: LimitRule = { max: 10, windowSeconds: 60 }

const queueFull = (waiting: number) =>
  new AppError(
    429,
    'bulk_post_queue_full',
    `${waiting} of your listings are still waiting to be posted, and at most ${BULK_POST_QUEUE_MAX} can wait at once. Post these once more of them are up.`,
  )

type Planned = { listingId: number } & ReturnType<typeof plannedFor>

export interface BulkPosterDeps {
  sql: Sql
  jobs: JobQueue
  /** Every marketplace Snaplist sells on (app-services.ts). */
  marketplaces: SellingMarketplaces
}

export interface BulkPoster {
  /** The seller looked at these guesses of the listing's, as the check showed them: theirs from now on. */
  checkGuesses(userId: number, listingId: number, checked: GuessesChecked): Promise<Listing>
  /** Queues the listings; the same clientId again answers the request it made, and queues nothing more. */
  start(userId: number, input: BulkPostInput): Promise<{ post: BulkPost; created: boolean }>
  view(userId: number, id: number): Promise<BulkPost>
  /** The job: publishes one listing on one marketplace and records how it went (a refusal is an answer, not a failure). */
  postListing(job: BulkPostJob): Promise<void>
}

export function createBulkPoster({ sql, jobs, marketplaces }: BulkPosterDeps): BulkPoster {
  const limiter = createLimiter(
    sql,
    'bulk-post',
    { perSeller: BULK_POST_REQUEST_LIMIT },
    (wait) => `You have posted many listings just now. Try again in ${wait}.`,
  )
  const sellingOn = (id: Platform) => marketplaces.find((marketplace) => marketplace.id === id)

  async function postListing(job: BulkPostJob): Promise<void> {
    const { userId, bulkPostId, listingId, marketplace, answers } = job
    const item = { bulkPostId, listingId, marketplace }
    try {
      const selling = sellingOn(marketplace)
      if (!selling) throw notConfigured(marketplace)
      const published = await selling.postInBulk(userId, listingId, answers)
      await bulkPosts.recordBulkPostItem(sql, item, { status: 'posted', viewUrl: published.viewUrl })
      await logChange(sql, userId, 'bulk-post-progress', listingId, { ...item, status: 'posted', message: null })
    } catch (error) {
      // The marketplace away or busy: the job fails and is retried with back-off.
      if (!isRefusal(error)) throw error
      await bulkPosts.recordBulkPostItem(sql, item, { status: 'refused', code: error.code, message: error.message })
      // Seen on every open screen, the seller's other devices too (docs/decisions/0034).
      await logChange(sql, userId, 'bulk-post-progress', listingId, {
        ...item,
        status: 'refused',
        message: error.message,
      })
    }
  }

  async function view(userId: number, id: number): Promise<BulkPost> {
    const items = await bulkPosts.findBulkPostItems(sql, userId, id)
    if (!items) throw notFound('This bulk post was not found.')
    return { id, items, done: items.every((item) => item.status !== 'queued') }
  }

  /**
   * The marketplaces asked for, each one Snaplist sells on; when not said, those the seller has connected, or every
   * one when none is (each listing then says to connect there, as a post from its own dialog would).
   */
  async function destinations(userId: number, asked: Platform[] | undefined): Promise<Platform[]> {
    if (asked) {
      const unsold = asked.find((id) => !sellingOn(id))
      if (unsold) throw notConfigured(unsold)
      return asked
    }
    const connected: Platform[] = []
    for (const { id } of marketplaces) if (await hasWorkingGrant(sql, userId, id)) connected.push(id)
    return connected.length ? connected : marketplaces.map(({ id }) => id)
  }

  /**
   * The request's rows and one job per listing and marketplace, together or not at all; undefined when a twin request
   * made them. Refused past the seller's cap. Each job's priority is minus its listing's place in the seller's own
   * queue, so the queue takes every seller's first listing, then every seller's second, and so on: one seller's 500
   * do not hold up another's one.
   */
  const record = (userId: number, clientId: string, planned: Planned[]) =>
    sql.begin(async (tx) => {
      const waiting = await bulkPosts.lockAndCountQueued(tx, userId)
      if (waiting + planned.length > BULK_POST_QUEUE_MAX) throw queueFull(waiting)
      const id = await bulkPosts.insertBulkPost(tx, userId, clientId)
      if (id === undefined) return undefined
      await bulkPosts.insertBulkPostItems(tx, id, planned)
      const queued = planned.flatMap(({ listingId, marketplaces: going, answers }, position) =>
        going.map((marketplace) => ({
          data: { userId, bulkPostId: id, listingId, marketplace, answers } satisfies BulkPostJob,
          priority: -(waiting + position + 1),
        })),
      )
      await jobs.sendManyInTransaction(tx, BULK_POST_JOB, queued)
      return id
    })

  return {
    async checkGuesses(userId: number, listingId: number, { guesses }: GuessesChecked): Promise<Listing> {
      const listing = await listings.forgetGuesses(sql, userId, listingId, guesses)
      if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      await logChange(sql, userId, 'listing-edited', listingId, {})
      return listing
    },
    async start(userId: number, input: BulkPostInput): Promise<{ post: BulkPost; created: boolean }> {
      const earlier = await bulkPosts.findBulkPostByClientId(sql, userId, input.clientId)
      if (earlier !== undefined) return { post: await view(userId, earlier), created: false }
      await limiter.consume({ perSeller: String(userId) })
      const owned = await listings.ownedListingIds(sql, userId, input.listingIds)
      const missing = input.listingIds.find((listingId) => !owned.has(listingId))
      if (missing !== undefined) throw notFound(`Listing ${missing} was not found.`)
      const to = await destinations(userId, input.marketplaces)
      const planned = input.listingIds.map((listingId) => ({ listingId, ...plannedFor(input, listingId, to) }))
      const nowhere = planned.find((listing) => listing.marketplaces.length === 0)
      if (nowhere)
        throw badRequest(`Listing ${nowhere.listingId} goes to none of this post's marketplaces.`, {
          perListing: 'Name a marketplace the post goes to',
        })
      const id =
        (await record(userId, input.clientId, planned)) ??
        (await bulkPosts.findBulkPostByClientId(sql, userId, input.clientId))!
      return { post: await view(userId, id), created: true }
    },
    view,
    postListing,
  }
}
