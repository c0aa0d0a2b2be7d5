// What the seller says of sales (docs/decisions/0033): pieces sold in person or on a marketplace Snaplist does not
// reach, recorded like any other sale (services/selling/sales.ts) so the stock drops once and every marketplace
// follows; a sale beyond the stock (sold twice) dealt with, so the listing stops showing it and the books count it or
// not as the seller settled it (decision 0056); a sold-out listing relisted with more pieces (relist-sold.ts); and a
// returned sale, back in stock or damaged (sale-returned.ts).
import { randomUUID } from 'node:crypto'
import { toCents } from '../../contract/listing-field-schemas.ts'
import { saleEarningsOf, type ListingSales, type ShortSettlement } from '../../contract/sale-earnings.ts'
import type { SaleRecorded, SalesRefresh, SoldElsewhere } from '../../contract/sales.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { listingSteps } from '../../db/listing-steps.ts'
import { hasSale, listingSales as listingSalesOf, settleOversold } from '../../db/marketplace-sales.ts'
import { AppError, conflict, notFound } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import type { SellingMarketplaces } from './marketplace.ts'
import { createRelistSold, type RelistSoldService } from './relist-sold.ts'
import { createSaleReturns, type SaleReturns } from './sale-returned.ts'
import { createSellingSettings, type SellingSettingsService } from './selling-settings.ts'
import type { SaleRecorder } from './sales.ts'

const pieces = (count: number) => `${count} ${count === 1 ? 'piece' : 'pieces'}`

export interface SellerSalesDeps {
  sql: Sql
  recorder: SaleRecorder
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}

/** What the seller does with sales; relisting a sold-out listing, returns and the settings are their modules'. */
export interface SellerSales extends RelistSoldService, SaleReturns, SellingSettingsService {
  soldElsewhere(userId: number, listingId: number, sale: SoldElsewhere): Promise<SaleRecorded>
  /**
   * The seller dealt with the extra orders: cancelled them or agreed with their buyers (left out of the books), or sent
   * another piece (counted). The listing no longer shows them.
   */
  settleSoldTwice(userId: number, listingId: number, settledAs: ShortSettlement): Promise<SaleRecorded>
  /** The listing's sales, newest first, each with what it earned; only the seller's own listing. */
  listingSales(userId: number, listingId: number): Promise<ListingSales>
  /** The seller asked for their sales now (the Dashboard opened, pulled down, back online): read on every marketplace. */
  refreshSales(userId: number): Promise<SalesRefresh>
}

export function createSellerSales({ sql, recorder, jobs, marketplaces }: SellerSalesDeps): SellerSales {
  const soldElsewhere = (userId: number, listingId: number, sale: SoldElsewhere): Promise<SaleRecorded> =>
    sql.begin(async (tx) => {
      const listing = await listings.lockListing(tx, userId, listingId)
      if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      // Sent again after a lost reply: recorded once, answered as it is now.
      if (sale.clientId && (await hasSale(tx, 'elsewhere', sale.clientId)))
        return { listing, message: 'This sale is recorded already.' }
      if (listing.quantity === 0) throw conflict('Every piece of this listing has sold already: there is nothing left.')
      if (sale.quantity > listing.quantity)
        throw new AppError(400, 'invalid_input', `Only ${pieces(listing.quantity)} left: record at most that many.`, {
          fields: { quantity: `Only ${pieces(listing.quantity)} left` },
        })
      const applied = await recorder.record(tx, userId, listingId, {
        marketplace: 'elsewhere',
        saleId: sale.clientId ?? randomUUID(),
        orderId: null,
        quantity: sale.quantity,
        unitPriceCents: sale.price === null ? null : toCents(sale.price),
        soldAt: new Date(),
        where: sale.where || null,
        ...(sale.fees === null ? {} : { feesCents: toCents(sale.fees), feesEntered: true }),
      })
      const now = (await listings.findListing(tx, userId, listingId))!
      const left = applied?.left ?? now.quantity
      return {
        listing: now,
        message:
          left === 0
            ? 'Recorded as sold. Snaplist takes it down wherever it is listed.'
            : `Recorded: ${pieces(left)} left. Snaplist lowers the stock wherever it is listed.`,
      }
    })

  async function settleSoldTwice(userId: number, listingId: number, settledAs: ShortSettlement): Promise<SaleRecorded> {
    await settleOversold(sql, userId, listingId, settledAs)
    const listing = await listings.findListing(sql, userId, listingId)
    if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
    return {
      listing,
      message:
        settledAs === 'sent'
          ? 'Marked as settled: the sale counts in your books.'
          : 'Marked as settled: the extra order stays out of your books.',
    }
  }

  async function listingSales(userId: number, listingId: number): Promise<ListingSales> {
    if (!(await listings.findListing(sql, userId, listingId)))
      throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
    const [sales, steps] = await Promise.all([
      listingSalesOf(sql, userId, listingId),
      listingSteps(sql, userId, listingId),
    ])
    return {
      sales: sales.map(saleEarningsOf),
      history: steps.map((step) => ({ ...step, at: step.at.toISOString() })),
    }
  }

  async function refreshSales(userId: number): Promise<SalesRefresh> {
    const asked = await Promise.all(marketplaces.map((marketplace) => marketplace.refreshSales(userId)))
    return { queued: marketplaces.filter((_, index) => asked[index]).map((marketplace) => marketplace.id) }
  }

  return {
    soldElsewhere,
    settleSoldTwice,
    listingSales,
    refreshSales,
    ...createRelistSold({ sql, jobs, marketplaces }),
    ...createSaleReturns({ sql, jobs, marketplaces }),
    ...createSellingSettings(sql),
  }
}
