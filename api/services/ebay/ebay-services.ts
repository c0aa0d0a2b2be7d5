// Builds the services that sell on eBay, each given the ones it works with: one Sell API client, one Trading API client,
// Taxonomy and the pictures shared by them all.
import type { Sql } from '../../db/client.ts'
import type { Config } from '../../env.ts'
import type { JobQueue } from '../jobs.ts'
import { ebayJobs } from './ebay-jobs.ts'
import type { LookupLimiter } from '../lookup-limits.ts'
import type { FileStorage } from '../listings/storage.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import type { MarketplaceJobs } from '../selling/marketplace.ts'
import type { SaleRecorder } from '../selling/sales.ts'
import { createEbayCatalog, type EbayCatalog } from './catalog.ts'
import { createPictureCopy } from '../listings/picture-copy.ts'
import { createEbayFinances } from './finances.ts'
import { hostsOf } from './hosts.ts'
import { ebayBulkPublish } from './bulk-publish.ts'
import { createEbayBulkPrices } from './bulk-prices.ts'
import { createEbayOffers } from './offers.ts'
import { createEbayCategoryChoice, type EbayCategoryChoice } from './category-choice.ts'
import { createEbayCategorySearch, type EbayCategorySearch } from './category-search.ts'
import { createEbayEndAndRelist, type EbayEndAndRelist } from './end-and-relist.ts'
import type { AppTokens } from './app-token.ts'
import type { NotificationSignatures } from './notification-signature.ts'
import { createEbayOrderPush, orderPushSettings, type EbayOrderPush } from './order-push.ts'
import { createEbayOrders } from './orders.ts'
import { createEbayPostOrder } from './post-order.ts'
import { createEbayPictures } from './pictures.ts'
import { createEbayPublisher, type EbayPublisher } from './publish.ts'
import { createEbayRevisions, type EbayRevisions } from './revisions.ts'
import { createEbaySales, type EbaySales } from './sales.ts'
import { createEbaySelling, type EbaySelling } from './ebay-selling.ts'
import { createEbaySellClient } from './sell-api.ts'
import { createEbayStock } from './stock.ts'
import { createEbayTaxonomy } from './taxonomy.ts'
import { createEbayImport, type EbayImport, type EbayImportOptions } from './import.ts'
import { createTradingClient } from './trading-api.ts'
import { createTradingListings } from './trading-listings.ts'
import type { PhotoService } from '../listings/photos.ts'
import type { EbayLookups } from './lookups.ts'

export interface EbayServicesDeps {
  sql: Sql
  storage: FileStorage
  /** PUBLIC_URL: photos at a public https address go to eBay as URLs, not uploads. */
  publicUrl: string | undefined
  /** eBay's environment and hosts; the sandbox's when not given. */
  ebayConfig: Config['ebay'] | undefined
  jobs: JobQueue
  connectionService: MarketplaceConnectionService
  /** Records each sale once and makes the other marketplaces follow (services/selling/sales.ts). */
  recorder: SaleRecorder
  /** Copies an imported listing's eBay pictures in as the seller's photos. */
  photos: Pick<PhotoService, 'copyIn'>
  /** The import's pace and waits (tests and benches go faster than eBay would allow). */
  importOptions?: EbayImportOptions
  /** What Snaplist asks eBay as the app (the market for a barcode); absent without eBay's app keys. */
  lookups?: EbayLookups | undefined
  /** Checks the signature of eBay's pushes (shared with account deletion, and its cache of eBay's keys). */
  signatures: NotificationSignatures
  /** The app's eBay application tokens (shared with everything that calls eBay as the app). */
  appTokens: AppTokens
  /** What the lookups (barcodes, category searches and choices, the dialog's check) may ask of eBay (issue 46 G3). */
  limits: LookupLimiter
  /** Minutes between sales polls (dividing 60); SALES_POLL_MINUTES when not given. */
  salesPollMinutes?: number | undefined
}

/** eBay's services, as its routes and jobs use them; `selling` and `jobs` are its part of the wings' record. */
export interface EbayServices {
  publisher: EbayPublisher
  revisions: EbayRevisions
  sales: EbaySales
  endAndRelist: EbayEndAndRelist
  categoryChoice: EbayCategoryChoice
  categorySearch: EbayCategorySearch
  selling: EbaySelling
  importer: EbayImport
  catalog: EbayCatalog
  /** eBay's push of each sale, when the server can take it (PUBLIC_URL and the app's keys). */
  orderPush: EbayOrderPush | undefined
  /** What the job registry runs for eBay. */
  jobs: MarketplaceJobs
}

/**
 * Publishing, revising, ending and relisting on eBay, the seller's category and searches for one, bulk posts, bulk
 * prices, the sales poll, importing, the catalog's products for a barcode and eBay's push of each sale; they send their
 * jobs on `jobs`. `selling` is eBay as a SellingMarketplace, for code acting on every marketplace.
 */
export function createEbayServices({
  sql,
  storage,
  publicUrl,
  ebayConfig,
  jobs,
  connectionService,
  recorder,
  photos,
  importOptions,
  lookups,
  signatures,
  appTokens,
  limits,
  salesPollMinutes,
}: EbayServicesDeps): EbayServices {
  const hosts = hostsOf(ebayConfig)
  const sell = createEbaySellClient(hosts)
  const trading = createTradingClient(hosts.api)
  const tradingListings = createTradingListings(trading)
  const taxonomy = createEbayTaxonomy(sql, sell)
  const pictures = createEbayPictures({ sql, storage, sell, publicUrl })
  const publisher = createEbayPublisher({
    sql,
    connectionService,
    sell,
    taxonomy,
    pictures,
    itemUrl: hosts.item,
    limits,
  })
  const orders = createEbayOrders({ sql, sell, recorder })
  const stock = createEbayStock({ sql, sell, orders })
  const revisions = createEbayRevisions({
    sql,
    jobs,
    sell,
    publisher,
    stock,
    connectionService,
    tradingListings,
  })
  const pushSettings = orderPushSettings(ebayConfig, publicUrl)
  const orderPush = pushSettings
    ? createEbayOrderPush({
        sql,
        jobs,
        sell,
        appTokens,
        connectionService,
        signatures,
        settings: pushSettings,
      })
    : undefined
  const postOrder = createEbayPostOrder({ sql, sell, recorder })
  const sales = createEbaySales({ sql, jobs, orders, postOrder, connectionService, revisions, orderPush })
  const endAndRelist = createEbayEndAndRelist({ sql, sell, connectionService, tradingListings, itemUrl: hosts.item })
  const categoryChoice = createEbayCategoryChoice({ sql, connectionService, taxonomy, revisions, limits })
  const categorySearch = createEbayCategorySearch({ sql, connectionService, taxonomy, limits })
  const finances = createEbayFinances(sell)
  const postInBulk = ebayBulkPublish({ sql, publisher })
  const selling = createEbaySelling({
    postInBulk,
    publisher,
    revisions,
    endAndRelist,
    sales,
    finances,
    connectionService,
    bulkPricing: createEbayBulkPrices({ sql, sell, connectionService }),
    offers: createEbayOffers({ sell, connectionService }),
  })
  const importer = createEbayImport({
    sql,
    jobs,
    sell,
    trading,
    photos,
    connectionService,
    picturesOrigin: hosts.pictures,
    ...(importOptions ? { options: importOptions } : {}),
  })
  const catalog = createEbayCatalog({
    sql,
    sell,
    taxonomy,
    connectionService,
    lookups,
    copyPicture: createPictureCopy({ photos, picturesOrigin: hosts.pictures }),
    picturesOrigin: hosts.pictures,
    limits,
  })
  return {
    publisher,
    revisions,
    sales,
    endAndRelist,
    categoryChoice,
    categorySearch,
    selling,
    importer,
    catalog,
    orderPush,
    jobs: ebayJobs({ sales, orderPush, revisions, importer }, salesPollMinutes),
  }
}
