// A sale, wherever it was made (docs/decisions/0033): recorded once, taken off the listing's one stock, and followed by
// every other marketplace the listing is on. The sale and the job that makes the others follow are written in one
// transaction, so a process killed at any point leaves both or neither; the job asks each other marketplace for a
// revision (its own durable job, which sends the stock as it then is: fewer pieces, or the listing ended at none). A
// sale beyond the stock (sold twice) also queues the mail that tells the seller, the push to the seller's phones
// (docs/decisions/0035) goes out, and every sale goes into the seller's change log for their open screens, all in the
// same transaction. A sale the marketplace cancels later is put back by sale-cancelled.ts (cancelOrder queues it).
import type { Listing } from '../../contract/listing.ts'
import { estimatedFeesCents } from '../../contract/sale-earnings.ts'
import { logChange } from '../../db/change-events.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { recordSale, type AppliedSale, type Sale } from '../../db/marketplace-sales.ts'
import { reportReturn, uncancelledSalesOfOrder } from '../../db/sales-given-back.ts'
import type { JobQueue } from '../jobs.ts'
import { createPushQueue } from '../push/notifications.ts'
import type { SellingMarketplaces } from './marketplace.ts'
import { SALE_CANCELLED_JOB, type SaleCancelledJob } from './sale-cancelled.ts'
import { readEarningsAgain, SALE_EARNINGS_JOB, type SaleEarningsJob } from './sale-earnings.ts'
import { SOLD_TWICE_EMAIL_JOB, type SoldTwiceJob } from './sold-twice-mail.ts'

export const FOLLOW_SALE_JOB = 'follow-sale'

/** A sale's follow job: the other marketplaces the listing is on follow the sale there. */
export interface FollowSale {
  userId: number
  listingId: number
  soldOn: Sale['marketplace']
}

export interface SaleRecorder {
  /**
   * Applies the sale once (see recordSale) and queues the other marketplaces' following; undefined when applied before.
   */
  record(tx: Tx, userId: number, listingId: number, sale: Sale): Promise<AppliedSale | undefined>
  /**
   * The marketplace says the order was cancelled: each of its sales applied and not cancelled yet gets the job that
   * puts it back (sale-cancelled.ts), in `tx`; a job queued twice applies once. Answers how many were queued.
   */
  cancelOrder(tx: Tx, userId: number, marketplace: Sale['marketplace'], orderId: string): Promise<number>
  /**
   * The marketplace says `pieces` of one sale are cancelled in all (a part refund): the job puts back those not put
   * back yet, so the same count read again queues a job that does nothing. `shelved`: the marketplace put them back on
   * its own count (Shopify's restock).
   */
  cancelPieces(
    tx: Tx,
    userId: number,
    marketplace: Sale['marketplace'],
    saleId: string,
    pieces: number,
    shelved?: boolean,
  ): Promise<void>
  /**
   * The marketplace says the buyer sent `pieces` of the sale back and was refunded: kept for the seller to say
   * whether they are sellable (nothing goes back by itself: a returned piece may be damaged), and the seller told.
   * Answers whether a sale of the seller's was found.
   */
  returned(tx: Tx, userId: number, marketplace: Sale['marketplace'], saleId: string, pieces: number): Promise<boolean>
  /**
   * The marketplace says it refunded some of the order (pieces given back or not: shipping, a discount): the books read
   * its refund and the fees credited back again (decision 0072).
   */
  refunded(tx: Tx, userId: number, marketplace: Sale['marketplace'], orderId: string): Promise<void>
}

/** Records sales in the caller's transaction (each marketplace's sales reader, and the seller's "sold elsewhere"). */
export function createSaleRecorder({ jobs }: { jobs: JobQueue }): SaleRecorder {
  const push = createPushQueue(jobs)
  return {
    async record(tx: Tx, userId: number, listingId: number, sale: Sale): Promise<AppliedSale | undefined> {
      // Until the marketplace says, its fees are estimated from its rates (decision 0042).
      const feesCents = sale.feesEntered
        ? sale.feesCents
        : estimatedFeesCents(sale.marketplace, (sale.unitPriceCents ?? 0) * sale.quantity, sale.shippingCents ?? 0)
      const applied = await recordSale(tx, userId, listingId, { ...sale, feesCents })
      if (applied) {
        const follow: FollowSale = { userId, listingId, soldOn: sale.marketplace }
        await jobs.sendInTransaction(tx, FOLLOW_SALE_JOB, follow)
        const told = { listingId, soldOn: sale.marketplace, priceCents: sale.unitPriceCents }
        // Sold beyond the stock: the seller hears of it now, not when they next look, as a problem and never as a
        // "Sold" (docs/decisions/0056): the order is one to cancel.
        if (applied.short > 0) {
          await jobs.sendInTransaction(tx, SOLD_TWICE_EMAIL_JOB, { userId, listingId } satisfies SoldTwiceJob)
          await push.notify(tx, userId, { type: 'sold-twice', ...told })
        }
        // A sale the seller recorded themselves is news to nobody; one a marketplace made is the buzz in their pocket,
        // and its fees are the marketplace's to say.
        if (sale.marketplace !== 'elsewhere') {
          if (sale.orderId) {
            const earnings: SaleEarningsJob = { userId, marketplace: sale.marketplace, orderId: sale.orderId }
            await jobs.sendInTransaction(tx, SALE_EARNINGS_JOB, earnings)
          }
          if (applied.short === 0) await push.notify(tx, userId, { type: 'sold', ...told })
        }
        // The seller's open screens show it now (docs/decisions/0034); in this transaction, so never a sale that was not.
        await logChange(tx, userId, 'listing-sold', listingId, {
          marketplace: sale.marketplace,
          quantity: sale.quantity,
          price: sale.unitPriceCents === null ? null : sale.unitPriceCents / 100,
          left: applied.left,
          short: applied.short,
          where: sale.where ?? null,
        })
      }
      return applied
    },

    async cancelOrder(tx: Tx, userId: number, marketplace: Sale['marketplace'], orderId: string): Promise<number> {
      const sales = await uncancelledSalesOfOrder(tx, userId, marketplace, orderId)
      for (const { saleId } of sales)
        await jobs.sendInTransaction(tx, SALE_CANCELLED_JOB, { userId, marketplace, saleId } satisfies SaleCancelledJob)
      return sales.length
    },

    async cancelPieces(tx, userId, marketplace, saleId, pieces, shelved = false) {
      const job: SaleCancelledJob = { userId, marketplace, saleId, pieces, ...(shelved ? { shelved } : {}) }
      await jobs.sendInTransaction(tx, SALE_CANCELLED_JOB, job)
    },

    async returned(tx: Tx, userId: number, marketplace: Sale['marketplace'], saleId: string, pieces: number) {
      const reported = await reportReturn(tx, userId, marketplace, saleId, pieces)
      if (!reported) return false
      // The seller's open screens show the return to answer; the books take the refund.
      if (reported.listingId !== null) await logChange(tx, userId, 'listing-edited', reported.listingId, {})
      await readEarningsAgain(tx, jobs, userId, marketplace, reported.orderId)
      return true
    },

    refunded: (tx: Tx, userId: number, marketplace: Sale['marketplace'], orderId: string) =>
      readEarningsAgain(tx, jobs, userId, marketplace, orderId),
  }
}

/** The job: every marketplace the listing is on, other than where it sold, gets the stock as it is now. */
export function createSaleFollowing({ sql, marketplaces }: { sql: Sql; marketplaces: SellingMarketplaces }) {
  return async function followSale({ userId, listingId, soldOn }: FollowSale): Promise<void> {
    await sql.begin(async (tx) => {
      const listing: Listing | undefined = await listings.findListing(tx, userId, listingId)
      if (!listing) return
      for (const marketplace of marketplaces)
        if (marketplace.id !== soldOn && marketplace.holds(listing)) await marketplace.requestRevision(tx, listing)
    })
  }
}
