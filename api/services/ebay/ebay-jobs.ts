// eBay's own background jobs (decision 0027): the sales poll and each seller's read, the push subscription, the
// revisions and the import. The app's list (job-registry.ts) places them among everyone's jobs.
import { BACK_OFF, SOON } from '../job-retry.ts'
import { SALES_POLL_MINUTES, type MarketplaceJobs } from '../selling/marketplace.ts'
import { IMPORT_JOB, type EbayImport } from './import.ts'
import { EBAY_ORDER_PUSH_JOB, type EbayOrderPush } from './order-push.ts'
import { REVISION_JOB, type EbayRevisions } from './revisions.ts'
import { SALES_POLL_JOB, SELLER_SALES_JOB, type EbaySales } from './sales.ts'

export interface EbayJobServices {
  sales: EbaySales
  /** eBay's push of each sale, when this server can take it (order-push.ts). */
  orderPush: EbayOrderPush | undefined
  revisions: EbayRevisions
  importer: EbayImport
}

export function ebayJobs(
  { sales, orderPush, revisions, importer }: EbayJobServices,
  pollMinutes = SALES_POLL_MINUTES,
): MarketplaceJobs {
  return {
    sales: [
      // Queues a sales read per connected seller, and the revisions whose job was lost.
      { name: SALES_POLL_JOB, handler: sales.pollAll, schedule: `*/${pollMinutes} * * * *`, retry: BACK_OFF },
      // Reads one seller's eBay orders and applies the new sales.
      { name: SELLER_SALES_JOB, handler: sales.pollSeller, retry: SOON },
      // Makes a seller's eBay notification destination and ORDER_CONFIRMATION subscription (queued by the poll).
      ...(orderPush ? [{ name: EBAY_ORDER_PUSH_JOB, handler: orderPush.subscribe, retry: BACK_OFF }] : []),
    ],
    listings: [
      // Sends a listing's changes to eBay.
      { name: REVISION_JOB, handler: revisions.revise, retry: SOON },
      // Imports one page of a seller's live eBay listings, then queues the next page's job.
      { name: IMPORT_JOB, handler: importer.importPage, retry: BACK_OFF },
    ],
  }
}
