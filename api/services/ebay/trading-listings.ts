// What Snaplist does to a listing imported from ebay.com (made without the Inventory API, docs/decisions/0037): its
// price and count are revised with ReviseInventoryStatus, and it is ended with EndFixedPriceItem. Its title, photos,
// description and item specifics stay as the seller wrote them on eBay (the edit screen says so): the Trading API's
// ReviseFixedPriceItem could send them, but Snaplist never migrates a listing it did not make.
import type { Listing } from '../../contract/listing.ts'
import { listedPrice } from '../../contract/listing.ts'
import { EbayRefusal } from './sell-api.ts'
import { child, textAt } from './trading-xml.ts'
import type { TradingClient } from './trading-api.ts'

// eBay's answer to ending a listing that has ended already ("The auction has already been closed").
const ALREADY_ENDED = 1047

/** eBay's item id of an imported listing ('ebay-<id>'). */
export const itemIdOf = (listing: Pick<Listing, 'platformListingId'>) =>
  listing.platformListingId?.replace(/^ebay-/, '') ?? ''

export interface TradingListings {
  /** How many eBay can still sell (Quantity less QuantitySold); undefined once it is not live. */
  countOnEbay(token: string, itemId: string): Promise<number | undefined>
  /** The listing's Price and this count, on eBay. */
  revise(token: string, listing: Listing, quantity: number): Promise<void>
  /** Ends it on eBay; one ended already is what was asked for. */
  end(token: string, itemId: string): Promise<void>
}

export function createTradingListings(trading: TradingClient): TradingListings {
  return {
    async countOnEbay(token: string, itemId: string): Promise<number | undefined> {
      const answer = await trading.call(token, 'GetItem', { ItemID: itemId, DetailLevel: 'ReturnAll' })
      const item = child(answer, 'Item')
      if (textAt(item, 'SellingStatus', 'ListingStatus') !== 'Active') return undefined
      return Number(textAt(item, 'Quantity') ?? 0) - Number(textAt(item, 'SellingStatus', 'QuantitySold') ?? 0)
    },

    async revise(token: string, listing: Listing, quantity: number): Promise<void> {
      await trading.call(token, 'ReviseInventoryStatus', {
        InventoryStatus: {
          ItemID: itemIdOf(listing),
          StartPrice: listedPrice(listing).value.toFixed(2),
          Quantity: quantity,
        },
      })
    },

    async end(token: string, itemId: string): Promise<void> {
      try {
        await trading.call(token, 'EndFixedPriceItem', { ItemID: itemId, EndingReason: 'NotAvailable' })
      } catch (error) {
        if (!(error instanceof EbayRefusal && error.errorIds.includes(ALREADY_ENDED))) throw error
      }
    },
  }
}
