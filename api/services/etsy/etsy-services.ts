// Selling on Etsy, built once Etsy is configured: the Open API client, the shop set-up reader, Etsy's seller taxonomy
// (kept for the install), the requirements check, the publisher, end and relist, revisions (edits and stock), the sales
// poll, and Etsy as a SellingMarketplace (docs/decisions/0029, 0031, 0033, 0054).
import type {
  EtsyAnswers,
  EtsyChoice,
  EtsyPublishInput,
  EtsyPublishResult,
  EtsyRequirements,
} from '../../contract/etsy-publish.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { findConnection } from '../../db/marketplace-connections.ts'
import { notFound } from '../../errors.ts'
import { notConfigured } from '../marketplaces/connections.ts'
import type { JobQueue } from '../jobs.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { FileStorage } from '../listings/storage.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { MarketplaceJobs, SellingMarketplace } from '../selling/marketplace.ts'
import type { SaleRecorder } from '../selling/sales.ts'
import { createEtsyEarnings } from './earnings.ts'
import { createEtsyEndAndRelist } from './end-and-relist.ts'
import { etsyJobs } from './etsy-jobs.ts'
import { etsyNotConnected } from './errors.ts'
import { createEtsyApi, type EtsyApiConfig } from './open-api.ts'
import { createEtsyPublisher } from './publish.ts'
import { createEtsyReceipts } from './receipts.ts'
import { createEtsyRequirements } from './requirements.ts'
import { createEtsyRevisions } from './revisions.ts'
import { createEtsySales } from './sales.ts'
import { createEtsySalesPush, type EtsySalesPush } from './sales-push.ts'
import { createSellerTaxonomy } from './seller-taxonomy.ts'
import { createEtsyShopSetup } from './shop-setup.ts'

export type EtsySelling = SellingMarketplace<EtsyPublishInput, EtsyPublishResult>

export interface EtsyServicesDeps {
  sql: Sql
  storage: FileStorage
  publicUrl: string | undefined
  /** Etsy's API settings; without them (Etsy not set up) the routes find the listing, then say so. */
  config: EtsyApiConfig | undefined
  connectionService: MarketplaceConnectionService
  jobs: JobQueue
  /** Records each sale once and makes the other marketplaces follow (services/selling/sales.ts). */
  recorder: SaleRecorder
  /** The Post to Etsy dialog's check and category search, and the taxonomy's download, count on these (issue 46 G3). */
  limits: LookupLimiter
  /** Minutes between receipts polls (dividing 60); SALES_POLL_MINUTES when not given. */
  salesPollMinutes?: number | undefined
  fetcher?: typeof fetch
}

/** Etsy's services, as its routes and jobs use them; `selling` and `jobs` are its part of the wings' record. */
export interface EtsyServices {
  /** Etsy as a SellingMarketplace; undefined while Etsy is not set up on the server. */
  selling: EtsySelling | undefined
  /** What the seller still has to answer or set up on Etsy for this listing. */
  requirements(userId: number, listingId: number, answers: EtsyAnswers): Promise<EtsyRequirements>
  publish: EtsySelling['publish']
  /** The row's End on Etsy and Relist on Etsy: the seller waits for Etsy's answer, as for eBay's. */
  end: EtsySelling['end']
  relist: EtsySelling['relist']
  /** Etsy's categories for the seller's search, from the install's taxonomy (downloaded as a seller when not kept). */
  searchCategories(userId: number, query: string): Promise<EtsyChoice[]>
  /** Etsy's order.paid webhook, when the server has its secret; the poll is the backstop either way. */
  salesPush: EtsySalesPush | undefined
  /** What the job registry runs for Etsy. */
  jobs: MarketplaceJobs | undefined
}

export function createEtsyServices(deps: EtsyServicesDeps): EtsyServices {
  const { sql, storage, publicUrl, config, connectionService, jobs, recorder, limits, salesPollMinutes, fetcher } = deps
  async function ownListing(userId: number, listingId: number) {
    const listing = await listings.findListing(sql, userId, listingId)
    if (!listing) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
    return listing
  }
  if (!config) {
    const refuse = async (userId: number, listingId: number): Promise<never> => {
      await ownListing(userId, listingId)
      throw notConfigured('etsy')
    }
    const notSetUp = async (): Promise<never> => {
      throw notConfigured('etsy')
    }
    return {
      selling: undefined,
      requirements: refuse,
      publish: refuse,
      end: refuse,
      relist: refuse,
      searchCategories: notSetUp,
      salesPush: undefined,
      jobs: undefined,
    }
  }
  const api = createEtsyApi(config, fetcher)
  const shopSetup = createEtsyShopSetup(api)
  const taxonomy = createSellerTaxonomy({ sql, api, limits })
  const check = createEtsyRequirements({ sql, connectionService, shopSetup, taxonomy })
  const publisher = createEtsyPublisher({ sql, storage, publicUrl, api, connectionService, check })
  const receipts = createEtsyReceipts({ sql, api, recorder })
  const revisions = createEtsyRevisions({ sql, jobs, api, receipts, connectionService })
  const lifecycle = createEtsyEndAndRelist({ sql, api, connectionService, revisions })
  const sales = createEtsySales({ sql, jobs, receipts, revisions, connectionService })
  const earnings = createEtsyEarnings(api)
  const selling: EtsySelling = {
    id: 'etsy',
    holds: (listing) => listing.etsyStatus !== null,
    isLive: (listing) => listing.etsyStatus === 'active',
    publish: publisher.publish,
    // Etsy's answers asked once for all (who made it, when, the shop's profiles) and the listing's own category.
    postInBulk: (userId, listingId, { etsy }) => publisher.publish(userId, listingId, { ...etsy, askingPrice: null }),
    requestRevision: revisions.requestRevision,
    changeUnderWay: (listing) => listing.etsyRevisionStatus === 'pending',
    end: lifecycle.end,
    relist: lifecycle.relist,
    pollSales: (userId) => sales.pollSeller({ userId }),
    refreshSales: sales.refresh,
    async readEarnings(userId, receiptId, receiptSales) {
      const shopId = (await findConnection(sql, userId, 'etsy'))?.accountId
      if (!shopId) return undefined
      return connectionService.call(userId, 'etsy', (token) =>
        earnings.readReceipt(token, shopId, receiptId, receiptSales),
      )
    },
  }
  return {
    selling,
    async requirements(userId: number, listingId: number, answers: EtsyAnswers): Promise<EtsyRequirements> {
      const listing = await ownListing(userId, listingId)
      return (await check(userId, listing, answers, () => limits.asking('etsy'))).requirements
    },
    publish: publisher.publish,
    end: lifecycle.end,
    relist: lifecycle.relist,
    searchCategories: async (userId: number, query: string): Promise<EtsyChoice[]> => {
      if (!(await findConnection(sql, userId, 'etsy'))) throw etsyNotConnected()
      return taxonomy.search((use) => connectionService.call(userId, 'etsy', use), query)
    },
    salesPush: config.webhookSecret ? createEtsySalesPush({ sql, jobs, secret: config.webhookSecret }) : undefined,
    jobs: etsyJobs({ revisions, sales }, salesPollMinutes),
  }
}
