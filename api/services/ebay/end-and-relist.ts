// Ending a live eBay listing (withdrawOffer) and putting it back up (publishOffer on the same offer), docs/product.md §4.
// A listing imported from ebay.com has no offer: it is ended with the Trading API, and relisted on eBay only.
// Both are direct calls the seller waits for, and both are idempotent: ending an ended listing, or relisting a live
// one, answers as the first call did without asking eBay to do it again.
import type { EbayLifecycleResult } from '../../contract/ebay-publish.ts'
import type { Listing } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import * as ebayState from '../../db/listing-ebay-state.ts'
import * as listings from '../../db/listings.ts'
import { conflict, notFound } from '../../errors.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import {
  EbayRefusal,
  INVENTORY,
  OfferStatusSchema,
  PublishedOfferSchema,
  readReply,
  type EbaySellClient,
} from './sell-api.ts'
import { itemIdOf, type TradingListings } from './trading-listings.ts'

export interface EbayEndAndRelistDeps {
  sql: Sql
  sell: EbaySellClient
  connectionService: MarketplaceConnectionService
  tradingListings: TradingListings
  /** Where a listing is seen on eBay: the item page address without the listing id. */
  itemUrl: string
}

const ebayIdOf = (listing: Listing) => listing.platformListingId!.replace(/^ebay-/, '')

export interface EbayEndAndRelist {
  end(userId: number, id: number): Promise<EbayLifecycleResult>
  relist(userId: number, id: number): Promise<EbayLifecycleResult>
}

export function createEbayEndAndRelist(deps: EbayEndAndRelistDeps): EbayEndAndRelist {
  const { sql, sell, connectionService, tradingListings, itemUrl } = deps
  /** The seller's listing and its eBay offer (none for one made on ebay.com); refused when it was never on eBay. */
  async function onEbay(userId: number, id: number): Promise<{ listing: Listing; offerId: string | null }> {
    const listing = await listings.findListing(sql, userId, id)
    if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
    const { ebayOfferId } = await ebayState.findEbayState(sql, id)
    if (listing.ebayImported === 'trading' && listing.platformListingId?.startsWith('ebay-'))
      return { listing, offerId: null }
    if (!ebayOfferId || !listing.platformListingId?.startsWith('ebay-'))
      throw conflict('This listing is not on eBay. Post it to eBay first.')
    return { listing, offerId: ebayOfferId }
  }

  const result = (status: 'active' | 'ended', platformListingId: string, message: string): EbayLifecycleResult => ({
    message,
    platformStatus: status,
    platformListingId,
    viewUrl: status === 'active' ? `${itemUrl}${platformListingId.replace(/^ebay-/, '')}` : null,
  })

  /** Whether eBay has the offer live (one look, after eBay refused to withdraw or publish it). */
  async function isPublished(token: string, offerId: string): Promise<boolean> {
    const reply = await sell.send(token, { method: 'GET', path: `${INVENTORY}/offer/${offerId}` })
    return readReply(OfferStatusSchema, reply).status === 'PUBLISHED'
  }

  return {
    async end(userId: number, id: number): Promise<EbayLifecycleResult> {
      const { listing, offerId } = await onEbay(userId, id)
      if (listing.platformStatus === 'sold') throw conflict('This listing sold on eBay: there is nothing left to end.')
      if (listing.platformStatus !== 'ended') {
        await connectionService.call(userId, 'ebay', async (token) => {
          if (offerId === null) return tradingListings.end(token, itemIdOf(listing))
          try {
            await sell.send(token, { method: 'POST', path: `${INVENTORY}/offer/${offerId}/withdraw` })
          } catch (error) {
            // Withdrawn already (by an earlier try whose reply was lost, or on eBay itself): ended is what was asked for.
            if (!(error instanceof EbayRefusal) || (await isPublished(token, offerId))) throw error
          }
        })
        await ebayState.markEndedOnEbay(sql, id)
      }
      return result('ended', listing.platformListingId!, 'Your listing has ended on eBay.')
    },

    async relist(userId: number, id: number): Promise<EbayLifecycleResult> {
      const { listing, offerId } = await onEbay(userId, id)
      if (listing.platformStatus === 'active')
        return result('active', listing.platformListingId!, 'Your listing is live on eBay.')
      if (listing.quantity < 1) throw conflict('Every piece of this listing sold: there is nothing left to relist.')
      if (offerId === null)
        throw conflict(
          'This listing was made on ebay.com: relist it there (Snaplist ends it, but cannot put it back up).',
        )
      const published = await connectionService.call(userId, 'ebay', (token) =>
        sell.send(token, { method: 'POST', path: `${INVENTORY}/offer/${offerId}/publish` }),
      )
      const ebayListingId = readReply(PublishedOfferSchema, published).listingId
      await ebayState.markRelistedOnEbay(sql, id, `ebay-${ebayListingId}`)
      return result(
        'active',
        `ebay-${ebayListingId}`,
        `Your listing is live on eBay again${ebayListingId === ebayIdOf(listing) ? '' : ' (eBay gave it a new listing number)'}.`,
      )
    },
  }
}
