// Etsy's own background jobs (decision 0033): the receipts poll and each shop's read, and the revisions (edits and
// stock). The app's list (job-registry.ts) places them among everyone's jobs.
import { BACK_OFF, SOON } from '../job-retry.ts'
import { SALES_POLL_MINUTES, type MarketplaceJobs } from '../selling/marketplace.ts'
import { ETSY_REVISION_JOB, type EtsyRevisions } from './revisions.ts'
import { ETSY_SALES_POLL_JOB, ETSY_SELLER_SALES_JOB, type EtsySales } from './sales.ts'

export function etsyJobs(
  { sales, revisions }: { sales: EtsySales; revisions: EtsyRevisions },
  pollMinutes = SALES_POLL_MINUTES,
): MarketplaceJobs {
  return {
    sales: [
      // Queues a receipts read per connected shop, and the Etsy revisions whose job was lost.
      { name: ETSY_SALES_POLL_JOB, handler: sales.pollAll, schedule: `*/${pollMinutes} * * * *`, retry: BACK_OFF },
      // Reads one shop's paid receipts and applies the new sales.
      { name: ETSY_SELLER_SALES_JOB, handler: sales.pollSeller, retry: SOON },
    ],
    // Sends a listing's changes and stock to Etsy.
    listings: [{ name: ETSY_REVISION_JOB, handler: revisions.revise, retry: SOON }],
  }
}
