// Posting many listings to eBay at once (docs/product.md §17): one durable job per listing, stored in the same
// transaction as the request's rows, each publishing through the one publisher the Post to eBay dialog uses. That
// publisher is idempotent per listing (a listing already live answers its eBay listing; a retry after a lost reply
// updates the same offer), so a job run twice, or the same request sent twice, publishes each listing once.
import * as v from 'valibot'
import type { EbayBulkPost, EbayBulkPostInput } from '../../contract/ebay-bulk-post.ts'
import { EbayPublishInputSchema } from '../../contract/ebay-publish.ts'
import type { Sql } from '../../db/client.ts'
import * as bulkPosts from '../../db/ebay-bulk-posts.ts'
import * as listings from '../../db/listings.ts'
import { notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import type { EbayPublisher } from './publish.ts'
import { isRefusal } from './sell-api.ts'

export const BULK_POST_JOB = 'ebay-bulk-post'

interface BulkPostJob {
  userId: number
  bulkPostId: number
  listingId: number
  postalCode?: string
}

export function createEbayBulkPoster({ sql, jobs, publisher }: { sql: Sql; jobs: JobQueue; publisher: EbayPublisher }) {
  jobs.handle<BulkPostJob>(BULK_POST_JOB, async ({ userId, bulkPostId, listingId, postalCode }) => {
    try {
      // What the Post to eBay dialog sends when the seller adds nothing (and the ZIP code, asked once for all).
      const published = await publisher.publish(userId, listingId, v.parse(EbayPublishInputSchema, postalCode ? { postalCode } : {}))
      await bulkPosts.recordBulkPostItem(sql, bulkPostId, listingId, { status: 'posted', viewUrl: published.viewUrl })
    } catch (error) {
      // eBay away or busy: the job fails and is retried with back-off.
      if (!isRefusal(error)) throw error
      await bulkPosts.recordBulkPostItem(sql, bulkPostId, listingId, { status: 'refused', code: error.code, message: error.message })
    }
  })

  async function view(userId: number, id: number): Promise<EbayBulkPost> {
    const items = await bulkPosts.findBulkPostItems(sql, userId, id)
    if (!items) throw notFound('This bulk post was not found.')
    return { id, items, done: items.every((item) => item.status !== 'queued') }
  }

  /** The request's rows and one job per listing, together or not at all; undefined when a twin request made them. */
  const record = (userId: number, { clientId, listingIds, postalCode }: EbayBulkPostInput) =>
    sql.begin(async (tx) => {
      const id = await bulkPosts.insertBulkPost(tx, userId, clientId)
      if (id === undefined) return undefined
      await bulkPosts.insertBulkPostItems(tx, id, listingIds)
      for (const listingId of listingIds) {
        await jobs.sendInTransaction(tx, BULK_POST_JOB, { userId, bulkPostId: id, listingId, ...(postalCode ? { postalCode } : {}) } satisfies BulkPostJob)
      }
      return id
    })

  return {
    /** Queues the listings; the same clientId again answers the request it made, and queues nothing more. */
    async start(userId: number, input: EbayBulkPostInput): Promise<{ post: EbayBulkPost; created: boolean }> {
      const earlier = await bulkPosts.findBulkPostByClientId(sql, userId, input.clientId)
      if (earlier !== undefined) return { post: await view(userId, earlier), created: false }
      for (const listingId of input.listingIds) {
        if (!(await listings.findListing(sql, userId, listingId))) throw notFound(`Listing ${listingId} was not found.`)
      }
      const id = (await record(userId, input)) ?? (await bulkPosts.findBulkPostByClientId(sql, userId, input.clientId))!
      return { post: await view(userId, id), created: true }
    },
    view,
  }
}

export type EbayBulkPoster = ReturnType<typeof createEbayBulkPoster>
