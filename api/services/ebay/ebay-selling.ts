// eBay as a SellingMarketplace (docs/decisions/0029): the eBay services that publish, revise, end, relist and read
// sales, behind the interface that code acting on every marketplace uses. What only eBay has (the Post to eBay dialog's
// requirements, its category search and choice, bulk post's guesses) stays with those services and their routes.
import type { EbayLifecycleResult, EbayPublishInput, EbayPublishResult } from '../../contract/ebay-publish.ts'
import { isPostedToSpecMarketplace } from '../../contract/listing.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { BulkPricing, OffersToInterested, SellingMarketplace } from '../selling/marketplace.ts'
import type { EbayEndAndRelist } from './end-and-relist.ts'
import type { EbayFinances } from './finances.ts'
import type { EbayPublisher } from './publish.ts'
import type { EbayRevisions } from './revisions.ts'
import type { EbaySales } from './sales.ts'

export type EbaySelling = SellingMarketplace<EbayPublishInput, EbayPublishResult, EbayLifecycleResult>

export interface EbaySellingDeps {
  /** A listing of a bulk post (bulk-publish.ts). */
  postInBulk: EbaySelling['postInBulk']
  publisher: Pick<EbayPublisher, 'publish'>
  revisions: Pick<EbayRevisions, 'requestRevision'>
  endAndRelist: EbayEndAndRelist
  sales: Pick<EbaySales, 'pollSeller' | 'refresh'>
  finances: EbayFinances
  connectionService: Pick<MarketplaceConnectionService, 'call'>
  /** Many live listings' new prices, 25 a call (bulk-prices.ts). */
  bulkPricing: BulkPricing
  /** Offers to the buyers watching a listing (offers.ts). */
  offers: OffersToInterested
}

export function createEbaySelling({
  postInBulk,
  publisher,
  revisions,
  endAndRelist,
  sales,
  finances,
  connectionService,
  bulkPricing,
  offers,
}: EbaySellingDeps): EbaySelling {
  return {
    id: 'ebay',
    // 'ebay-<eBay's listing id>' from the first publish on, kept when the listing ends or sells.
    holds: (listing) => listing.platformListingId?.startsWith('ebay-') ?? false,
    isLive: isPostedToSpecMarketplace,
    publish: publisher.publish,
    postInBulk,
    requestRevision: revisions.requestRevision,
    // Waiting (eBay's daily limit of changes) is still on its way.
    changeUnderWay: (listing) => listing.ebayRevisionStatus === 'pending' || listing.ebayRevisionStatus === 'waiting',
    end: endAndRelist.end,
    relist: endAndRelist.relist,
    pollSales: (userId) => sales.pollSeller({ userId }),
    refreshSales: sales.refresh,
    readEarnings: (userId, orderId, orderSales) =>
      connectionService.call(userId, 'ebay', (token) => finances.readOrder(token, orderId, orderSales)),
    bulkPricing,
    offers,
  }
}
