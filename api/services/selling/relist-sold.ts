// Relist on a sold row (issue 47): another identical piece, or several, for a listing that sold out. The seller's
// quantity goes back on the listing and to every marketplace it was on (their revisions, as an edit's), and a job made
// in the same transaction puts it back up on each once that marketplace has the count (a marketplace may refuse to
// publish an offer of none, or renew a sold-out listing at a count of its own, which its revision then corrects). A sale the
// marketplace cancelled puts its pieces back the same way (backInStock, sale-cancelled.ts).
import type { Listing } from '../../contract/listing.ts'
import type { RelistSold, SaleRecorded } from '../../contract/sales.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { conflict, notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { isRefusal, type SellingMarketplace, type SellingMarketplaces } from './marketplace.ts'
import { SOLD_ON_LABELS } from '../../contract/listing.ts'

export const RELIST_SOLD_JOB = 'relist-sold'

export interface RelistSoldJob {
  userId: number
  listingId: number
  /** Looks made before this one while a marketplace's count was still on its way. */
  looks?: number
}

/** While a count is on its way, the job looks again a little later each time, for an hour and a half at most. */
const lookAgainSeconds = (looks: number) => Math.min(2 + looks, 60)
const MOST_LOOKS = 100

const pieces = (count: number) => `${count} ${count === 1 ? 'piece' : 'pieces'}`

/**
 * `count` more pieces of the seller's listing (locked in `tx`) back in stock: every marketplace it is on gets the count
 * through its revision, as an edit's, and where it had sold out a job made in the same transaction puts it back up on
 * each it was on, unless `relist` is false (the seller's setting for a cancelled sale: then only the places where it is
 * live get the count, and an item that sold out waits to be posted). Answers the listing as it is now and those
 * marketplaces.
 */
export async function backInStock(
  tx: Tx,
  { jobs, marketplaces }: { jobs: JobQueue; marketplaces: SellingMarketplaces },
  userId: number,
  listing: Listing,
  count: number,
  relist = true,
): Promise<{ listing: Listing; places: SellingMarketplace[] }> {
  const soldOut = listing.quantity === 0
  const now = soldOut
    ? await listings.restock(tx, listing.id, count)
    : await listings.setPriceOrQuantity(tx, listing.id, { quantity: listing.quantity + count })
  const places = marketplaces.filter(
    (marketplace) => marketplace.holds(listing) && (relist || marketplace.isLive(listing)),
  )
  for (const marketplace of places) await marketplace.requestRevision(tx, now)
  if (soldOut && relist && places.length)
    await jobs.sendInTransaction(tx, RELIST_SOLD_JOB, { userId, listingId: listing.id } satisfies RelistSoldJob)
  return { listing: now, places }
}

/** Relist on a sold row: the listing back in stock, and back up on each marketplace it was on. */
export interface RelistSoldService {
  /** The seller's quantity back on the sold-out listing, its marketplaces asked to follow, the job to put it up queued. */
  relistSold(userId: number, listingId: number, input: RelistSold): Promise<SaleRecorded>
  /** The job: puts it back up on each marketplace it was on, once the count has reached it there. */
  relistEverywhere(job: RelistSoldJob): Promise<void>
}

export function createRelistSold({
  sql,
  jobs,
  marketplaces,
}: {
  sql: Sql
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}): RelistSoldService {
  /** The seller's quantity back on the sold-out listing, its marketplaces asked to follow, the job to put it up queued. */
  const relistSold = (userId: number, listingId: number, { quantity }: RelistSold): Promise<SaleRecorded> =>
    sql.begin(async (tx) => {
      const listing = await listings.lockListing(tx, userId, listingId)
      if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      if (listing.quantity > 0)
        throw conflict(`This listing still has ${pieces(listing.quantity)} for sale: change its quantity with Edit.`)
      const { listing: restocked, places } = await backInStock(tx, { jobs, marketplaces }, userId, listing, quantity)
      await logChange(tx, userId, 'listing-edited', listingId, {})
      const names = places.map((marketplace) => SOLD_ON_LABELS[marketplace.id]).join(' and ')
      return {
        listing: restocked,
        message: places.length
          ? `Putting ${quantity} back up on ${names}.`
          : `${pieces(quantity)} back in stock. Post it when you are ready.`,
      }
    })

  /**
   * The job: each marketplace it was on, once the count has reached it, puts it back up (each relist answers at once
   * where it is live already). A marketplace that refuses is left ended: the row says so, and its Relist says why.
   */
  async function relistEverywhere(job: RelistSoldJob): Promise<void> {
    const { userId, listingId, looks = 0 } = job
    const listing = await listings.findListing(sql, userId, listingId)
    // Deleted, or sold out again before it went back up: nothing to put up.
    if (!listing || listing.quantity === 0) return
    for (const marketplace of marketplaces) {
      if (!marketplace.holds(listing) || marketplace.isLive(listing)) continue
      if (marketplace.changeUnderWay(listing)) {
        if (looks < MOST_LOOKS)
          await jobs.send(RELIST_SOLD_JOB, { ...job, looks: looks + 1 }, { startAfterSeconds: lookAgainSeconds(looks) })
        return
      }
      try {
        await marketplace.relist(userId, listingId)
      } catch (error) {
        if (!isRefusal(error)) throw error
        console.warn(`[relist-sold] ${marketplace.id} refused to relist listing ${listingId} (${error.code}).`)
      }
      await logChange(sql, userId, 'listing-edited', listingId, {})
    }
  }

  return { relistSold, relistEverywhere }
}
