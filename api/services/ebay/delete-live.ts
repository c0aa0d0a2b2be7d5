// Deleting a listing that is live on eBay (docs/decisions/0023): the delete marks it and queues its end in one
// transaction, so a process that dies at any point leaves either nothing done or a job that finishes the work. The job
// ends it on eBay (the same idempotent withdraw as the End on eBay button), then, once a sale made just before the end
// has had time to reach getOrders, reads the seller's orders once more and deletes the row. A sale found on the way
// clears the mark (applyOrder), so the listing comes back as sold instead of the sale being dropped.
import type { Sql, Tx } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import type { JobQueue } from '../jobs.ts'
import { deleteWithPhotos } from '../listings/listings.ts'
import type { FileStorage } from '../listings/storage.ts'
import type { EbayEndAndRelist } from './end-and-relist.ts'
import type { EbaySales } from './sales.ts'
import { isRefusal } from './sell-api.ts'

export const END_BEFORE_DELETE_JOB = 'ebay-end-before-delete'
export const DELETE_AFTER_END_JOB = 'ebay-delete-after-end'

/**
 * How long after eBay ended it the orders are read a last time: an order reaches getOrders a little after it is made
 * (the sales poll reads 2 minutes back for the same reason), so a sale made just before the end is seen.
 */
export const LAST_SALE_WAIT_SECONDS = 150

export interface DeleteJob {
  userId: number
  listingId: number
}

export interface EbayLiveDeletionDeps {
  sql: Sql
  jobs: JobQueue
  storage: FileStorage
  endAndRelist: EbayEndAndRelist
  sales: Pick<EbaySales, 'pollSeller'>
}

export function createEbayLiveDeletion({ sql, jobs, storage, endAndRelist, sales }: EbayLiveDeletionDeps) {
  /** eBay said no for good (the connection lapsed, the offer is gone): the listing shows again, live, for the seller to decide. */
  async function keepOnRefusal(listingId: number, work: () => Promise<unknown>): Promise<boolean> {
    try {
      await work()
      return true
    } catch (error) {
      // eBay busy or away, or the database: the job is retried with back-off.
      if (!isRefusal(error)) throw error
      await listings.cancelDeleting(sql, listingId)
      return false
    }
  }

  /** The first job: ends the listing on eBay, then queues the second for once a last sale can have reached getOrders. */
  async function endBeforeDelete({ userId, listingId }: DeleteJob): Promise<void> {
    // A sale found meanwhile brought it back; a retry after the end went through ends nothing twice (end answers at once).
    if (!(await listings.isDeleting(sql, listingId))) return
    if (!(await keepOnRefusal(listingId, () => endAndRelist.end(userId, listingId)))) return
    await jobs.send(DELETE_AFTER_END_JOB, { userId, listingId } satisfies DeleteJob, {
      startAfterSeconds: LAST_SALE_WAIT_SECONDS,
    })
  }

  /** The second job: reads the seller's orders a last time and deletes the listing unless a sale brought it back. */
  async function deleteAfterEnd({ userId, listingId }: DeleteJob): Promise<void> {
    if (!(await listings.isDeleting(sql, listingId))) return
    // Orders not read cannot be known: the listing stays (ended) rather than a sale being lost.
    if (!(await keepOnRefusal(listingId, () => sales.pollSeller({ userId })))) return
    await deleteWithPhotos(sql, storage, (tx) => listings.deleteMarkedListing(tx, listingId))
  }

  return {
    requestInTransaction: (tx: Tx, userId: number, listingId: number) =>
      jobs.sendInTransaction(tx, END_BEFORE_DELETE_JOB, { userId, listingId } satisfies DeleteJob),
    endBeforeDelete,
    deleteAfterEnd,
  }
}

export type EbayLiveDeletion = ReturnType<typeof createEbayLiveDeletion>
