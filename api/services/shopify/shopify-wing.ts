// Shopify's wing of the server (decision 0074), built from the app's services every wing is given (WingDeps) and
// Shopify's own settings: selling on the seller's store (post, revise, end, relist, delete), its orders read by a poll
// and its webhooks, and its jobs; what app-services.ts places in its record of wings for Shopify.
import type { Listing } from '../../contract/listing.ts'
import * as listings from '../../db/listings.ts'
import { notFound } from '../../errors.ts'
import { notConfigured } from '../marketplaces/connections.ts'
import type { LifecycleChange, MarketplaceJobs, Published, SellingMarketplace } from '../selling/marketplace.ts'
import type { WingDeps } from '../selling/wing-deps.ts'
import { createShopifyAdmin } from './admin-api.ts'
import { createShopifyEarnings } from './earnings.ts'
import { createShopifyEndAndRelist } from './end-and-relist.ts'
import { createShopifyImport, type ShopifyImport, type ShopifyImportDeps } from './import.ts'
import { createShopifyOrders } from './orders.ts'
import { createShopifyPublisher } from './publish.ts'
import { createShopifyRevisions } from './revisions.ts'
import { createShopifySales } from './sales.ts'
import type { ShopifyCallback } from './callback-signature.ts'
import { createShopifyOAuth } from './shopify-connect.ts'
import type { ShopifySettings } from './shopify-env.ts'
import { shopifyJobs } from './shopify-jobs.ts'
import { shopifyStoreAccess } from './store-access.ts'
import { createShopifyWebhooks, type ShopifyWebhooks } from './webhooks.ts'

/** Shopify's part of what the app is built from (AppDeps). */
export interface ShopifyAppDeps {
  /** The Shopify app's settings; without them Shopify is neither connected nor sold on. */
  shopifyConfig?: ShopifySettings | undefined
  /** The import's waits (tests shorten Shopify's "try again in" seconds). */
  shopifyImport?: Pick<ShopifyImportDeps, 'msPerBusySecond'> | undefined
}

export type ShopifySelling = SellingMarketplace<never, Published, LifecycleChange>

/** Shopify's services, as its routes and jobs use them; `selling` and `jobs` are its part of the wings' record. */
export interface ShopifyServices {
  selling: ShopifySelling | undefined
  publish(userId: number, listingId: number): Promise<Published>
  end(userId: number, listingId: number): Promise<LifecycleChange>
  relist(userId: number, listingId: number): Promise<LifecycleChange>
  /** The callback's query when Shopify signed it for this app (its hmac, shop and age); else shopify_callback_refused. */
  verifyCallback(query: Record<string, string>): ShopifyCallback
  /** Shopify's webhooks; undefined while Shopify is not set up. */
  webhooks: ShopifyWebhooks | undefined
  jobs: MarketplaceJobs | undefined
  /** The store's products brought in as listings; undefined while Shopify is not set up. */
  importer: ShopifyImport | undefined
}

const placeOf = (listing: Listing) => listing.places.find((place) => place.marketplace === 'shopify')

export function buildShopifyWing(shared: WingDeps, { shopifyConfig, shopifyImport }: ShopifyAppDeps): ShopifyServices {
  const { sql, jobs, publicUrl, connectionService, recorder, photos, salesPollMinutes } = shared
  if (!shopifyConfig || !shared.providers.shopify) {
    const refuse = async (userId: number, listingId: number): Promise<never> => {
      if (!(await listings.findListing(sql, userId, listingId)))
        throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
      throw notConfigured('shopify')
    }
    return {
      selling: undefined,
      publish: refuse,
      end: refuse,
      relist: refuse,
      verifyCallback: () => {
        throw notConfigured('shopify')
      },
      webhooks: undefined,
      jobs: undefined,
      importer: undefined,
    }
  }
  const admin = createShopifyAdmin(shopifyConfig)
  const access = shopifyStoreAccess(sql, connectionService)
  const publisher = createShopifyPublisher({ sql, admin, access, publicUrl })
  const revisions = createShopifyRevisions({ sql, jobs, admin, access, publicUrl })
  const lifecycle = createShopifyEndAndRelist({ sql, admin, access, revisions })
  const orders = createShopifyOrders({ sql, admin, recorder })
  const sales = createShopifySales({ sql, jobs, orders, revisions, access })
  const earnings = createShopifyEarnings(admin)
  const importer = createShopifyImport({
    sql,
    jobs,
    admin,
    access,
    photos,
    picturesOrigin: shopifyConfig.picturesOrigin,
    ...shopifyImport,
  })
  const selling: ShopifySelling = {
    id: 'shopify',
    holds: (listing) => Boolean(placeOf(listing)?.externalId),
    isLive: (listing) => placeOf(listing)?.state === 'live',
    publish: publisher.publish,
    postInBulk: (userId, listingId) => publisher.publish(userId, listingId),
    requestRevision: revisions.requestRevision,
    changeUnderWay: (listing) => placeOf(listing)?.revisionStatus === 'pending',
    end: lifecycle.end,
    relist: lifecycle.relist,
    pollSales: (userId) => sales.pollSeller({ userId }),
    refreshSales: sales.refresh,
    // Shopify Payments' fees from the order's transactions; another provider's leave the estimate (decision 0079).
    readEarnings: (userId, orderId, orderSales) =>
      access(userId, (store) => earnings.readOrder(store, orderId, orderSales)),
  }
  return {
    selling,
    publish: publisher.publish,
    end: lifecycle.end,
    relist: lifecycle.relist,
    verifyCallback: createShopifyOAuth(shopifyConfig).verifyCallback,
    webhooks: createShopifyWebhooks({ sql, jobs, admin, access, secret: shopifyConfig.clientSecret, publicUrl }),
    jobs: shopifyJobs({ revisions, sales, importer }, salesPollMinutes.shopify),
    importer,
  }
}
