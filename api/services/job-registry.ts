// Every background job of the app, in one list (decision 0027): its name, what runs it, when it runs by itself and
// how its failures are retried. Services only send jobs; api/app.ts defines these on the queue once it has built them.
import type { Sql } from '../db/client.ts'
import { ACCOUNT_CHANGE_EMAIL_JOB, WELCOME_EMAIL_JOB, type AccountMail } from './accounts/account-mail.ts'
import { CONFIRMATION_EMAIL_JOB, type EmailVerificationService } from './accounts/email-verification.ts'
import { RESET_EMAIL_JOB, type PasswordResetService } from './accounts/password-reset.ts'
import { PURGE_JOB, purgeExpired } from './housekeeping.ts'
import { BACK_OFF, SOON } from './job-retry.ts'
import { oncePerJob, type JobDefinition } from './jobs.ts'
import { PHOTO_SWEEP_JOB, sweepPhotoFiles } from './listings/photo-sweep.ts'
import { PUSH_NOTIFY_JOB, PUSH_SEND_JOB, type PushNotifications } from './push/notifications.ts'
import type { FileStorage } from './listings/storage.ts'
import type { MarketplaceJobs } from './selling/marketplace.ts'
import { BULK_ACTION_JOB, type BulkActionJob } from './selling/bulk-action-job.ts'
import { BULK_POST_JOB, type BulkPoster } from './selling/bulk-post.ts'
import { MARKDOWN_DAILY_JOB, MARKDOWN_SELLER_JOB, type Markdowns } from './pricing/markdowns.ts'
import { OFFERS_DAILY_JOB, OFFERS_SELLER_JOB, type Offers } from './pricing/offers.ts'
import { DELETE_AFTER_END_JOB, END_BEFORE_DELETE_JOB, type LiveDeletion } from './selling/delete-live.ts'
import { RELIST_SOLD_JOB, type RelistSoldService } from './selling/relist-sold.ts'
import { SALE_EARNINGS_JOB, type SaleEarningsJob } from './selling/sale-earnings.ts'
import { SALE_CANCELLED_JOB, type SaleCancelledJob } from './selling/sale-cancelled.ts'
import { FOLLOW_SALE_JOB, type FollowSale } from './selling/sales.ts'
import { SOLD_TWICE_EMAIL_JOB, type SoldTwiceJob } from './selling/sold-twice-mail.ts'

export interface JobServices {
  sql: Sql
  storage: FileStorage
  accountMail: AccountMail
  verification: EmailVerificationService
  passwordReset: PasswordResetService
  /** Each marketplace's own jobs (its sales reads, revisions and imports). */
  marketplaces: MarketplaceJobs[]
  /** Posts one listing of a bulk post to one marketplace (services/selling/bulk-post.ts). */
  bulkPoster: BulkPoster
  /** The markdown ladder's daily run and each seller's (services/pricing/markdowns.ts). */
  markdowns: Pick<Markdowns, 'daily' | 'runForSeller'>
  /** Offers to interested buyers: the daily run and each seller's (services/pricing/offers.ts). */
  offers: Pick<Offers, 'daily' | 'runForSeller'>
  liveDeletion: LiveDeletion
  /** Runs one chunk of a bulk action (services/selling/bulk-action-job.ts). */
  runBulkAction: (job: BulkActionJob) => Promise<void>
  /** Makes the other marketplaces follow a sale (services/selling/sales.ts). */
  followSale: (job: FollowSale) => Promise<void>
  /** Puts back a sale the marketplace cancelled (services/selling/sale-cancelled.ts). */
  cancelSale: (job: SaleCancelledJob) => Promise<void>
  /** Reads what a sale's order earned on its marketplace (services/selling/sale-earnings.ts). */
  readSaleEarnings: (job: SaleEarningsJob) => Promise<void>
  /** Puts a relisted sold-out listing back up on its marketplaces (services/selling/relist-sold.ts). */
  relistSold: RelistSoldService['relistEverywhere']
  /** Tells the seller of a sale beyond the stock. */
  sendSoldTwice: (job: SoldTwiceJob) => Promise<void>
  /** Sends notifications to the seller's phones by Web Push. */
  push: PushNotifications
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
  marketplaces,
  bulkPoster,
  markdowns,
  offers,
  liveDeletion,
  runBulkAction,
  followSale,
  cancelSale,
  readSaleEarnings,
  relistSold,
  sendSoldTwice,
  push,
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
    // Each marketplace's reads of its sellers' sales, which queue the sales' own jobs below.
    ...marketplaces.flatMap((marketplace) => marketplace.sales),
    // Queues each seller's markdown run whose ladder is on, daily at 06:00 UTC, before the US wakes.
    { name: MARKDOWN_DAILY_JOB, handler: markdowns.daily, schedule: '0 6 * * *', retry: BACK_OFF },
    // Lowers a seller's listings due a step of the ladder, once a listing and step; before the revisions it queues.
    { name: MARKDOWN_SELLER_JOB, handler: markdowns.runForSeller, retry: BACK_OFF },
    // Queues each seller's offers to watchers whose offer rule is on, daily at 06:30 UTC, after the markdowns.
    { name: OFFERS_DAILY_JOB, handler: offers.daily, schedule: '30 6 * * *', retry: BACK_OFF },
    // Sends a seller's offers, one a listing a round, the round taken before the marketplace is called.
    { name: OFFERS_SELLER_JOB, handler: offers.runForSeller, retry: BACK_OFF },
    // Changes, ends or deletes up to 25 listings of a bulk action; before the revisions and deletions it queues.
    { name: BULK_ACTION_JOB, handler: runBulkAction, retry: BACK_OFF },
    // A sale anywhere: every other marketplace the listing is on is asked to follow (a revision each).
    { name: FOLLOW_SALE_JOB, handler: followSale, retry: SOON },
    // A sale the marketplace cancelled: its pieces back in stock, once, and a revision wherever the listing is.
    { name: SALE_CANCELLED_JOB, handler: cancelSale, retry: SOON },
    // A sale on a marketplace: its fees and label are read, then again daily until the marketplace settles them.
    { name: SALE_EARNINGS_JOB, handler: readSaleEarnings, retry: BACK_OFF },
    // Each marketplace's work on its listings: revisions (edits, stock, a sale elsewhere), posts, imports.
    ...marketplaces.flatMap((marketplace) => marketplace.listings),
    // Puts a sold-out listing the seller relisted back up wherever it was, once the revisions above brought the count.
    { name: RELIST_SOLD_JOB, handler: relistSold, retry: SOON },
    // Posts one listing of a bulk post to one marketplace.
    { name: BULK_POST_JOB, handler: bulkPoster.postListing, retry: BACK_OFF },
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
