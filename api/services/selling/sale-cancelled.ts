// A sale the marketplace cancelled after Snaplist applied it (issue 50, docs/decisions/0065), whichever marketplace it
// was: each marketplace's reader finds the cancellation and queues this job in its own transaction (the recorder's
// cancelOrder); the job marks the sale cancelled, puts its pieces back in stock, asks every marketplace the listing is
// on for the count and, where it had sold out, queues putting it back up (backInStock), and tells the seller, all in
// one transaction. The mark (cancelled_at) is set only once, so polls, retries and a process killed at any moment apply
// a cancellation exactly once.
import type { SoldOn } from '../../contract/listing.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { cancelSale } from '../../db/marketplace-sales.ts'
import type { JobQueue } from '../jobs.ts'
import { createPushQueue } from '../push/notifications.ts'
import type { SellingMarketplaces } from './marketplace.ts'
import { backInStock } from './relist-sold.ts'

export const SALE_CANCELLED_JOB = 'sale-cancelled'

export interface SaleCancelledJob {
  userId: number
  marketplace: SoldOn
  saleId: string
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
  return ({ userId, marketplace, saleId }: SaleCancelledJob): Promise<void> =>
    sql.begin(async (tx) => {
      const cancelled = await cancelSale(tx, userId, marketplace, saleId)
      if (!cancelled) return
      const { listingId, restocked } = cancelled
      const listing = await listings.findListing(tx, userId, listingId)
      if (!listing) return
      // Pieces a sold-twice sale never had, or those another unsent order of the listing took, go back nowhere.
      const back = restocked > 0 ? await backInStock(tx, { jobs, marketplaces }, userId, listing, restocked) : undefined
      await logChange(tx, userId, 'sale-cancelled', listingId, {
        marketplace,
        restocked,
        left: back?.listing.quantity ?? listing.quantity,
      })
      if (back)
        await push.notify(tx, userId, {
          type: 'sale-cancelled',
          listingId,
          soldOn: marketplace,
          backOn: back.places.map((place) => place.id),
        })
    })
}
