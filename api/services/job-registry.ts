// Every background job of the app, in one list (decision 0027): its name, what runs it, when it runs by itself and
// how its failures are retried. Services only send jobs; api/app.ts defines these on the queue once it has built them.
import type { Sql } from '../db/client.ts'
import { ACCOUNT_CHANGE_EMAIL_JOB, WELCOME_EMAIL_JOB, type AccountMail } from './accounts/account-mail.ts'
import { CONFIRMATION_EMAIL_JOB, type EmailVerificationService } from './accounts/email-verification.ts'
import { RESET_EMAIL_JOB, type PasswordResetService } from './accounts/password-reset.ts'
import { IMPORT_JOB, type EbayImport } from './ebay/import.ts'
import { EBAY_ORDER_PUSH_JOB, type EbayOrderPush } from './ebay/order-push.ts'
import { REVISION_JOB, type EbayRevisions } from './ebay/revisions.ts'
import { SALES_POLL_JOB, SELLER_SALES_JOB, type EbaySales } from './ebay/sales.ts'
import { ETSY_REVISION_JOB, type EtsyRevisions } from './etsy/revisions.ts'
import { ETSY_SALES_POLL_JOB, ETSY_SELLER_SALES_JOB, type EtsySales } from './etsy/sales.ts'
import { PURGE_JOB, purgeExpired } from './housekeeping.ts'
import { oncePerJob, type JobDefinition, type RetryPolicy } from './jobs.ts'
import { PHOTO_SWEEP_JOB, sweepPhotoFiles } from './listings/photo-sweep.ts'
import { PUSH_NOTIFY_JOB, PUSH_SEND_JOB, type PushNotifications } from './push/notifications.ts'
import type { FileStorage } from './listings/storage.ts'
import { BULK_ACTION_JOB, type BulkActionJob } from './selling/bulk-action-job.ts'
import { BULK_POST_JOB, type BulkPoster } from './selling/bulk-post.ts'
import { DELETE_AFTER_END_JOB, END_BEFORE_DELETE_JOB, type LiveDeletion } from './selling/delete-live.ts'
import { RELIST_SOLD_JOB, type RelistSoldService } from './selling/relist-sold.ts'
import { SALE_EARNINGS_JOB, type createSaleEarningsReader } from './selling/sale-earnings.ts'
import { FOLLOW_SALE_JOB, type createSaleFollowing } from './selling/sales.ts'
import { SOLD_TWICE_EMAIL_JOB, type createSoldTwiceMail } from './selling/sold-twice-mail.ts'

// A mail server, eBay or the database away for a while is waited out: 30-60 s, then doubling, 6 tries in all (over 15
// to 30 minutes). A job whose process died while running it is retried once 5 minutes have passed.
export const BACK_OFF: RetryPolicy = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 300 }

/** How often each seller's sales are read (eBay's orders, Etsy's receipts) when EBAY_ / ETSY_SALES_POLL_MINUTES do not say. */
const SALES_POLL_MINUTES = 15

export interface JobServices {
  sql: Sql
  storage: FileStorage
  accountMail: AccountMail
  verification: EmailVerificationService
  passwordReset: PasswordResetService
  revisions: EbayRevisions
  sales: EbaySales
  /** eBay's push of each sale, when this server can take it (services/ebay/order-push.ts). */
  orderPush: EbayOrderPush | undefined
  /** Posts one listing of a bulk post to one marketplace (services/selling/bulk-post.ts). */
  bulkPoster: BulkPoster
  /** Imports a seller's live eBay listings, a page per job. */
  importer: EbayImport
  liveDeletion: LiveDeletion
  /** Runs one chunk of a bulk action (services/selling/bulk-action-job.ts). */
  runBulkAction: (job: BulkActionJob) => Promise<void>
  /** Etsy's jobs, when Etsy is sold on. */
  etsy: { revisions: EtsyRevisions; sales: EtsySales } | undefined
  /** Makes the other marketplaces follow a sale (services/selling/sales.ts). */
  followSale: ReturnType<typeof createSaleFollowing>
  /** Reads what a sale's order earned on its marketplace (services/selling/sale-earnings.ts). */
  readSaleEarnings: ReturnType<typeof createSaleEarningsReader>
  /** Puts a relisted sold-out listing back up on its marketplaces (services/selling/relist-sold.ts). */
  relistSold: RelistSoldService['relistEverywhere']
  /** Tells the seller of a sale beyond the stock. */
  sendSoldTwice: ReturnType<typeof createSoldTwiceMail>
  /** Sends notifications to the seller's phones by Web Push. */
  push: PushNotifications
  /** Minutes between sales polls (dividing 60); SALES_POLL_MINUTES when not given. */
  ebaySalesPollMinutes?: number
  etsySalesPollMinutes?: number
}

/**
 * The app's jobs. `never`: each job's data is its own, so the list takes a handler of any. runDue takes the queues in
 * this order, so a job that enqueues another comes before it and a test's settle() runs both.
 */
export function appJobs({
  sql,
  storage,
  accountMail,
  verification,
  passwordReset,
  revisions,
  sales,
  orderPush,
  bulkPoster,
  importer,
  liveDeletion,
  runBulkAction,
  etsy,
  followSale,
  readSaleEarnings,
  relistSold,
  sendSoldTwice,
  push,
  ebaySalesPollMinutes = SALES_POLL_MINUTES,
  etsySalesPollMinutes = SALES_POLL_MINUTES,
}: JobServices): JobDefinition<never>[] {
  // Mails are sent once per job (oncePerJob): a retry after the send finds the job's mark and sends nothing.
  return [
    // Mails the link that confirms a new account's address or a new address (or tells its holder someone tried it).
    { name: CONFIRMATION_EMAIL_JOB, handler: oncePerJob(sql, verification.mailLink), retry: BACK_OFF },
    // Mails a new account its welcome.
    { name: WELCOME_EMAIL_JOB, handler: oncePerJob(sql, accountMail.sendWelcome), retry: BACK_OFF },
    // Tells an account's address that its password or address changed.
    { name: ACCOUNT_CHANGE_EMAIL_JOB, handler: oncePerJob(sql, accountMail.sendChangeNotice), retry: BACK_OFF },
    // Mails a password reset link when the address typed has an account.
    { name: RESET_EMAIL_JOB, handler: oncePerJob(sql, passwordReset.mailLink), retry: BACK_OFF },
    // Tells a seller that a listing sold more pieces than it had (sold twice), with the orders and what to do.
    { name: SOLD_TWICE_EMAIL_JOB, handler: oncePerJob(sql, sendSoldTwice), retry: BACK_OFF },
    // Removes expired sessions, spent limits, old outbox mail and the like, on the hour.
    { name: PURGE_JOB, handler: () => purgeExpired(sql), schedule: '0 * * * *', retry: BACK_OFF },
    // Removes photo files no photo names, at half past the hour (the purge has the hour).
    { name: PHOTO_SWEEP_JOB, handler: () => sweepPhotoFiles(sql, storage), schedule: '30 * * * *', retry: BACK_OFF },
    // Queues a sales read per connected seller, and the revisions whose job was lost.
    { name: SALES_POLL_JOB, handler: sales.pollAll, schedule: `*/${ebaySalesPollMinutes} * * * *`, retry: BACK_OFF },
    // Reads one seller's eBay orders and applies the new sales.
    { name: SELLER_SALES_JOB, handler: sales.pollSeller, retry: BACK_OFF },
    // Makes a seller's eBay notification destination and ORDER_CONFIRMATION subscription (queued by the poll).
    ...(orderPush ? [{ name: EBAY_ORDER_PUSH_JOB, handler: orderPush.subscribe, retry: BACK_OFF }] : []),
    ...(etsy
      ? [
          // Queues a receipts read per connected shop, and the Etsy revisions whose job was lost.
          {
            name: ETSY_SALES_POLL_JOB,
            handler: etsy.sales.pollAll,
            schedule: `*/${etsySalesPollMinutes} * * * *`,
            retry: BACK_OFF,
          },
          // Reads one shop's paid receipts and applies the new sales.
          { name: ETSY_SELLER_SALES_JOB, handler: etsy.sales.pollSeller, retry: BACK_OFF },
        ]
      : []),
    // Changes, ends or deletes up to 25 listings of a bulk action; before the revisions and deletions it queues.
    { name: BULK_ACTION_JOB, handler: runBulkAction, retry: BACK_OFF },
    // A sale anywhere: every other marketplace the listing is on is asked to follow (a revision each).
    { name: FOLLOW_SALE_JOB, handler: followSale, retry: BACK_OFF },
    // A sale on a marketplace: its fees and label are read, then again daily until the marketplace settles them.
    { name: SALE_EARNINGS_JOB, handler: readSaleEarnings, retry: BACK_OFF },
    // Sends a listing's changes to eBay.
    { name: REVISION_JOB, handler: revisions.revise, retry: BACK_OFF },
    // Sends a listing's changes and stock to Etsy.
    ...(etsy ? [{ name: ETSY_REVISION_JOB, handler: etsy.revisions.revise, retry: BACK_OFF }] : []),
    // Puts a sold-out listing the seller relisted back up wherever it was, once the revisions above brought the count.
    { name: RELIST_SOLD_JOB, handler: relistSold, retry: BACK_OFF },
    // Posts one listing of a bulk post to one marketplace.
    { name: BULK_POST_JOB, handler: bulkPoster.postListing, retry: BACK_OFF },
    // Imports one page of a seller's live eBay listings, then queues the next page's job.
    { name: IMPORT_JOB, handler: importer.importPage, retry: BACK_OFF },
    // Ends a listing the seller deleted wherever it is live, then queues its deletion.
    { name: END_BEFORE_DELETE_JOB, handler: liveDeletion.endBeforeDelete, retry: BACK_OFF },
    // Deletes an ended listing once a last sale would have shown.
    { name: DELETE_AFTER_END_JOB, handler: liveDeletion.deleteAfterEnd, retry: BACK_OFF },
    // Last, as the sales and revisions before queue them: a notification for the seller's phones, one send per device.
    { name: PUSH_NOTIFY_JOB, handler: push.fanOut, retry: BACK_OFF },
    // One push to one device, once per job (a retry after the push service took it sends nothing more).
    { name: PUSH_SEND_JOB, handler: oncePerJob(sql, push.send), retry: BACK_OFF },
  ]
}
