// Deleting a listing that is live on a marketplace (docs/decisions/0023, 0029): the delete marks it and queues its end
// in one transaction, so a process that dies at any point leaves either nothing done or a job that finishes the work.
// The job ends it on every marketplace where it is live (the same idempotent end as the seller's End button), then,
// once a sale made just before the end has had time to show, reads the seller's sales on each marketplace that had it
// once more and deletes the row. A sale found on the way clears the mark, so the listing comes back as sold instead of
// the sale being dropped.
import type { Listing } from '../../contract/listing.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import type { JobQueue } from '../jobs.ts'
import { deleteWithPhotos } from '../listings/photo-files.ts'
import type { FileStorage } from '../listings/storage.ts'
import { isRefusal, type SellingMarketplace, type SellingMarketplaces } from './marketplace.ts'

// The names jobs were stored under when eBay was the one marketplace: a running install's queued jobs keep running.
export const END_BEFORE_DELETE_JOB = 'ebay-end-before-delete'
export const DELETE_AFTER_END_JOB = 'ebay-delete-after-end'

/**
 * How long after the end the sales are read a last time: an order reaches eBay's getOrders a little after it is made
 * (the sales poll reads 2 minutes back for the same reason), so a sale made just before the end is seen.
 */
export const LAST_SALE_WAIT_SECONDS = 150

export interface DeleteJob {
  userId: number
  listingId: number
}

export interface LiveDeletionDeps {
  sql: Sql
  jobs: JobQueue
  storage: FileStorage
  marketplaces: SellingMarketplaces
}

export interface LiveDeletion {
  requestInTransaction(tx: Tx, userId: number, listingId: number): Promise<void>
  /** The first job: ends the listing wherever it is live, then queues the second for once a last sale can show. */
  endBeforeDelete(job: DeleteJob): Promise<void>
  /** The second job: reads the seller's sales a last time where the listing was, and deletes it unless a sale brought it back. */
  deleteAfterEnd(job: DeleteJob): Promise<void>
}

export function createLiveDeletion({ sql, jobs, storage, marketplaces }: LiveDeletionDeps): LiveDeletion {
  /** A marketplace said no for good (the connection lapsed, the offer is gone): the listing shows again, for the seller to decide. */
  async function keepOnRefusal(listingId: number, work: () => Promise<unknown>): Promise<boolean> {
    try {
      await work()
      return true
    } catch (error) {
      // A marketplace busy or away, or the database: the job is retried with back-off.
      if (!isRefusal(error)) throw error
      await listings.cancelDeleting(sql, listingId)
      return false
    }
  }

  /** The marketplaces `which` picks for the listing still marked deleting; undefined when a sale brought it back. */
  async function marketplacesOf(
    { userId, listingId }: DeleteJob,
    which: (marketplace: SellingMarketplace, listing: Listing) => boolean,
  ): Promise<SellingMarketplace[] | undefined> {
    if (!(await listings.isDeleting(sql, listingId))) return undefined
    const listing = await listings.findListing(sql, userId, listingId)
    return listing ? marketplaces.filter((marketplace) => which(marketplace, listing)) : undefined
  }

  async function endBeforeDelete(job: DeleteJob): Promise<void> {
    // A retry after some ends went through ends only what is still live.
    const live = await marketplacesOf(job, (marketplace, listing) => marketplace.isLive(listing))
    if (!live) return
    const ended = await keepOnRefusal(job.listingId, async () => {
      for (const marketplace of live) await marketplace.end(job.userId, job.listingId)
    })
    if (!ended) return
    await jobs.send(DELETE_AFTER_END_JOB, { userId: job.userId, listingId: job.listingId } satisfies DeleteJob, {
      startAfterSeconds: LAST_SALE_WAIT_SECONDS,
    })
  }

  async function deleteAfterEnd(job: DeleteJob): Promise<void> {
    const held = await marketplacesOf(job, (marketplace, listing) => marketplace.holds(listing))
    if (!held) return
    // Sales not read cannot be known: the listing stays (ended) rather than a sale being lost.
    const read = await keepOnRefusal(job.listingId, async () => {
      for (const marketplace of held) await marketplace.pollSales(job.userId)
    })
    if (!read) return
    await deleteWithPhotos(sql, storage, (tx) => listings.deleteMarkedListing(tx, job.listingId))
  }

  return {
    requestInTransaction: (tx: Tx, userId: number, listingId: number) =>
      jobs.sendInTransaction(tx, END_BEFORE_DELETE_JOB, { userId, listingId } satisfies DeleteJob),
    endBeforeDelete,
    deleteAfterEnd,
  }
}
