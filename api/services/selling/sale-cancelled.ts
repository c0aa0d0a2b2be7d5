// A sale the marketplace cancelled after Snaplist applied it, in whole or in part (issue 50, docs/decisions/0065,
// 0070), whichever marketplace it was: each marketplace's reader finds the cancellation and queues this job in its own
// transaction (the recorder's cancelOrder or cancelPieces); the job marks the pieces given back, puts them back in
// stock, asks every marketplace the listing is on for the count and, where it had sold out and the seller has not
// turned it off, queues putting it back up (backInStock), and tells the seller, all in one transaction. The mark
// (cancelled_pieces, cancelled_at) only grows to what the marketplace said, so polls, retries and a process killed at
// any moment apply a cancellation exactly once. A return the seller marks back in stock comes back the same way.
import type { SoldOn } from '../../contract/listing.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { shelveAgain } from '../../db/listing-etsy-place.ts'
import { cancelSale, type GivenBack } from '../../db/sales-given-back.ts'
import { relistsCancelled } from '../../db/users.ts'
import type { JobQueue } from '../jobs.ts'
import { createPushQueue } from '../push/notifications.ts'
import type { SellingMarketplaces } from './marketplace.ts'
import { backInStock } from './relist-sold.ts'
import { readEarningsAgain } from './sale-earnings.ts'

export const SALE_CANCELLED_JOB = 'sale-cancelled'

export interface SaleCancelledJob {
  userId: number
  marketplace: SoldOn
  saleId: string
  /** How many of the sale's pieces the marketplace says are cancelled, in all; every one when not given. */
  pieces?: number
  /** The marketplace put the pieces back on its own count (Shopify's restock), where it sells them again. */
  shelved?: boolean
}

interface GiveBackDeps {
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}

/**
 * Pieces a sale gave back (`given`), in `tx`: back in stock and everywhere the listing is (put back up where it sold
 * out unless the seller said not to), the seller's open screens told (`sale-cancelled`). Answers the marketplaces the
 * item is back on; undefined when no piece went back to the stock (or the listing is gone).
 */
export async function giveBack(
  tx: Tx,
  { jobs, marketplaces }: GiveBackDeps,
  userId: number,
  marketplace: SoldOn,
  { listingId, restocked }: GivenBack,
) {
  const listing = await listings.findListing(tx, userId, listingId)
  if (!listing) return undefined
  // Pieces a sold-twice sale never had, or those another unsent order of the listing took, go back nowhere.
  const relist = await relistsCancelled(tx, userId)
  const back =
    restocked > 0 ? await backInStock(tx, { jobs, marketplaces }, userId, listing, restocked, relist) : undefined
  await logChange(tx, userId, 'sale-cancelled', listingId, {
    marketplace,
    restocked,
    left: back?.listing.quantity ?? listing.quantity,
  })
  return back
}

export function createSaleCancellation({
  sql,
  jobs,
  marketplaces,
}: {
  sql: Sql
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}) {
  const push = createPushQueue(jobs)
  /** The job: the cancellation applied once; nothing when it was before, or the sale is no longer any listing's. */
  return ({ userId, marketplace, saleId, pieces, shelved }: SaleCancelledJob): Promise<void> =>
    sql.begin(async (tx) => {
      const cancelled = await cancelSale(tx, userId, marketplace, saleId, pieces)
      if (!cancelled) return
      await readEarningsAgain(tx, jobs, userId, marketplace, cancelled.orderId)
      if (shelved) await shelveAgain(tx, cancelled.listingId, marketplace, cancelled.pieces)
      const back = await giveBack(tx, { jobs, marketplaces }, userId, marketplace, cancelled)
      // What that marketplace counts rose: it gets the stock's count, also when none of the pieces came back to it.
      const listing = shelved ? await listings.findListing(tx, userId, cancelled.listingId) : undefined
      if (listing) await marketplaces.find((place) => place.id === marketplace)?.requestRevision(tx, listing)
      if (back)
        await push.notify(tx, userId, {
          type: 'sale-cancelled',
          listingId: cancelled.listingId,
          soldOn: marketplace,
          backOn: back.places.map((place) => place.id),
        })
    })
}
