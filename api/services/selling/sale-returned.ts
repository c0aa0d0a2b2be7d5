// A returned sale comes back only when the seller says so (issue 50, docs/decisions/0070): the marketplace's return
// (a return, or a refund after shipping) is kept as reported, and the seller marks the sale "Returned —
// back in stock" (its pieces back everywhere, as a cancelled sale's are: giveBack) or "Returned — damaged" (out of the
// books, not back in stock). A sale is marked once; marking it again answers it as it is.
import { SOLD_ON_LABELS } from '../../contract/listing.ts'
import type { SaleRecorded, SaleReturned } from '../../contract/sales.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { markReturned } from '../../db/sales-given-back.ts'
import { notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import type { SellingMarketplaces } from './marketplace.ts'
import { giveBack } from './sale-cancelled.ts'
import { readEarningsAgain } from './sale-earnings.ts'

export interface SaleReturns {
  /** The seller says how a returned sale came back: back in stock (restocked as a cancellation is) or damaged. */
  saleReturned(userId: number, listingId: number, returned: SaleReturned): Promise<SaleRecorded>
}

export function createSaleReturns({
  sql,
  jobs,
  marketplaces,
}: {
  sql: Sql
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}) {
  /** The seller says how the sale of this listing came back. */
  const saleReturned = (userId: number, listingId: number, returned: SaleReturned): Promise<SaleRecorded> =>
    sql.begin(async (tx) => {
      const marked = await markReturned(tx, userId, listingId, returned)
      if (marked) await readEarningsAgain(tx, jobs, userId, returned.marketplace, marked.orderId)
      const back =
        marked && marked.restocked > 0
          ? await giveBack(tx, { jobs, marketplaces }, userId, returned.marketplace, marked)
          : undefined
      if (marked && !back) await logChange(tx, userId, 'listing-edited', listingId, {})
      const listing = await listings.findListing(tx, userId, listingId)
      if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      if (!marked) return { listing, message: 'This sale was marked already, or has nothing left to return.' }
      if (!back) return { listing, message: 'Marked as returned damaged: out of your books, not back in stock.' }
      const names = back.places.map((place) => SOLD_ON_LABELS[place.id]).join(' and ')
      return {
        listing,
        message: names
          ? `Back in stock: putting it back up on ${names}.`
          : 'Back in stock. Post it when you are ready.',
      }
    })

  return { saleReturned }
}
