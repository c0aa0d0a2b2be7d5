// Telling the seller at once when a listing sold more pieces than it had (sold twice, docs/decisions/0033): the sale
// that went beyond the stock queues this mail in its own transaction, and the job sends it once (oncePerJob), with the
// orders to look at and what to do. The link is the app's own address, never one from a request.
import { APP_NAME, type PlaceholderValues } from '../../contract/email-template.ts'
import { saleLabel } from '../../contract/listing.ts'
import type { Sql } from '../../db/client.ts'
import * as listings from '../../db/listings.ts'
import { findUserById } from '../../db/users.ts'
import type { Mailer } from '../mail/mail.ts'

export const SOLD_TWICE_EMAIL_JOB = 'sold-twice-email'

export interface SoldTwiceJob {
  userId: number
  listingId: number
}

export function createSoldTwiceMail({ sql, mailer, appUrl }: { sql: Sql; mailer: Mailer; appUrl: string }) {
  return async function sendSoldTwice({ userId, listingId }: SoldTwiceJob): Promise<void> {
    const user = await findUserById(sql, userId)
    const listing = user && (await listings.findListing(sql, userId, listingId))
    // Settled already, or gone (the account or the listing deleted): nothing left to tell.
    if (!user || !listing || listing.oversoldOrders.length === 0) return
    const last =
      listing.soldOn && listing.soldOrderId ? [{ marketplace: listing.soldOn, orderId: listing.soldOrderId }] : []
    const values: PlaceholderValues<'sold-twice'> = {
      username: user.username,
      appName: APP_NAME,
      listingTitle: listing.title,
      orders: [...last, ...listing.oversoldOrders].map(saleLabel).join(' and '),
      appUrl,
    }
    await mailer.sendTemplate('sold-twice', user.email, values)
  }
}
