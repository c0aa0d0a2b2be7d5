// New prices for many live eBay listings at once (issue 31, docs/decisions/0038): bulkUpdatePriceQuantity takes up to 25
// requests a call, each one SKU with its published offer's price, so 1,000 listings are 40 calls where revising each
// would be 2,000. The price is set, not added to, so sending it again (a retry after a lost reply) changes nothing more.
// eBay answers each request on its own: one listing refused (its daily revision limit) leaves the others changed.
// Each price eBay takes counts as one of the listing's revisions of the day, as a revision does, and a listing at the
// day's bound is not sent but answered refused in the daily limit's words (decision 0080).
import * as v from 'valibot'
import { isPostedToSpecMarketplace } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import { countRevisions, revisionsToday } from '../../db/ebay-revisions.ts'
import { findEbayOffers } from '../../db/listing-ebay-state.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { BulkPricing, NewListingPrice, PriceOutcome } from '../selling/marketplace.ts'
import { DAILY_LIMIT_MESSAGE, REVISION_LIMIT_ERROR, REVISIONS_PER_DAY } from './revisions.ts'
import { ebayWordsOf, EbayErrorSchema, INVENTORY, readReply, type EbaySellClient } from './sell-api.ts'

/** "Up to 25 offers … may be updated with one bulkUpdatePriceQuantity call" (eBay's Inventory API). */
export const EBAY_BULK_PRICE_MAX = 25

interface NewPrice extends NewListingPrice {
  sku: string
  offerId: string
}

const BulkReplySchema = v.object({
  responses: v.optional(
    v.array(
      v.object({
        offerId: v.optional(v.string()),
        sku: v.optional(v.string()),
        statusCode: v.optional(v.number()),
        errors: v.optional(v.array(EbayErrorSchema), []),
      }),
    ),
    [],
  ),
})

const dollars = (cents: number) => (cents / 100).toFixed(2)

export function createEbayBulkPrices({
  sql,
  sell,
  connectionService,
}: {
  sql: Sql
  sell: EbaySellClient
  connectionService: MarketplaceConnectionService
}): BulkPricing {
  /**
   * Sends the prices, 25 a call; answers each listing's outcome. eBay busy or away (and the database) throws, for the
   * caller's job to try again; a refusal of the whole call (a lapsed connection) too, as the caller decides what it means.
   */
  async function setPrices(userId: number, prices: NewPrice[]): Promise<Map<number, PriceOutcome>> {
    const outcomes = new Map<number, PriceOutcome>()
    for (let start = 0; start < prices.length; start += EBAY_BULK_PRICE_MAX) {
      const batch = prices.slice(start, start + EBAY_BULK_PRICE_MAX)
      const requests = batch.map(({ sku, offerId, cents }) => ({
        sku,
        offers: [{ offerId, price: { value: dollars(cents), currency: 'USD' } }],
      }))
      const reply = await connectionService.call(userId, 'ebay', (token) =>
        sell.send(token, { method: 'POST', path: `${INVENTORY}/bulk_update_price_quantity`, body: { requests } }),
      )
      const { responses } = readReply(BulkReplySchema, reply)
      for (const price of batch) {
        const answer = responses.find((response) => response.offerId === price.offerId)
        if (answer?.statusCode === 200) {
          outcomes.set(price.listingId, { refusal: null })
          continue
        }
        const { ids, text } = ebayWordsOf(answer?.errors ?? [])
        outcomes.set(price.listingId, {
          refusal: {
            code: ids.length ? `ebay_${ids[0]}` : 'ebay_refused',
            message: `eBay refused the new price${text ? `: ${text}` : '.'}`,
          },
        })
      }
    }
    return outcomes
  }

  return {
    takes: isPostedToSpecMarketplace,
    async send(userId, prices) {
      const offers = new Map(
        (
          await findEbayOffers(
            sql,
            prices.map((price) => price.listingId),
          )
        ).map((o) => [o.listingId, o]),
      )
      const today = new Map(
        (
          await revisionsToday(
            sql,
            prices.map((price) => price.listingId),
          )
        ).map((row) => [row.listingId, row.sentToday]),
      )
      const atLimit = { refusal: { code: `ebay_${REVISION_LIMIT_ERROR}`, message: DAILY_LIMIT_MESSAGE } }
      const outcomes = await setPrices(
        userId,
        prices.flatMap((price) => {
          const offer = offers.get(price.listingId)
          if (!offer || (today.get(price.listingId) ?? 0) >= REVISIONS_PER_DAY) return []
          return [{ ...price, sku: offer.sku, offerId: offer.offerId }]
        }),
      )
      await countRevisions(
        sql,
        [...outcomes].flatMap(([listingId, outcome]) => (outcome.refusal ? [] : [listingId])),
      )
      for (const { listingId } of prices)
        if (offers.has(listingId) && !outcomes.has(listingId)) outcomes.set(listingId, atLimit)
      return outcomes
    },
  }
}
