// Shopify's own background jobs (decision 0074): the orders poll and each store's read, the revisions (edits and stock)
// and the import's pages. The app's list (job-registry.ts) places them among everyone's jobs.
import { BACK_OFF, SOON } from '../job-retry.ts'
import { SALES_POLL_MINUTES, type MarketplaceJobs } from '../selling/marketplace.ts'
import { SHOPIFY_IMPORT_JOB, type ShopifyImport } from './import.ts'
import { SHOPIFY_REVISION_JOB, type ShopifyRevisions } from './revisions.ts'
import { SHOPIFY_SALES_POLL_JOB, SHOPIFY_SELLER_SALES_JOB, type ShopifySales } from './sales.ts'

export function shopifyJobs(
  { sales, revisions, importer }: { sales: ShopifySales; revisions: ShopifyRevisions; importer: ShopifyImport },
  pollMinutes = SALES_POLL_MINUTES,
): MarketplaceJobs {
  return {
    sales: [
      // Queues an orders read per connected store, the revisions whose job was lost, and forgets old deliveries.
      { name: SHOPIFY_SALES_POLL_JOB, handler: sales.pollAll, schedule: `*/${pollMinutes} * * * *`, retry: BACK_OFF },
      // Reads one store's orders (or the one a push named) and applies the new sales.
      { name: SHOPIFY_SELLER_SALES_JOB, handler: sales.pollSeller, retry: SOON },
    ],
    listings: [
      // Sends a listing's changes and stock to Shopify.
      { name: SHOPIFY_REVISION_JOB, handler: revisions.revise, retry: SOON },
      // One page of a store's products imported, then the next page's job.
      { name: SHOPIFY_IMPORT_JOB, handler: importer.importPage, retry: BACK_OFF },
    ],
  }
}
