// What a Web Push carries and what the phone shows of it (docs/decisions/0035). The server, the service worker and the
// tests all read the words from here, so "Sold: Red wool jacket — $37 on <marketplace>" has one definition. No schemas here:
// the service worker bundles this file.
import { marketplacesInWords, SOLD_ON_LABELS, type SoldOn } from './listing.ts'
import type { Platform } from './marketplaces.ts'

/** The kinds of notification a seller turns on or off per device: a sale, or something that needs them. */
export const NOTIFICATION_KINDS = ['sales', 'problems'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
export type NotificationKinds = Record<NotificationKind, boolean>

/**
 * What a push carries, encrypted to the device: the listing's title and price and where, or which marketplace needs
 * the seller; never more of the listing (the push service relays it).
 */
export type PushMessage =
  | { type: 'sold'; listingId: number; title: string; priceCents: number | null; soldOn: SoldOn }
  | { type: 'sold-twice'; listingId: number; title: string; priceCents: number | null; soldOn: SoldOn }
  | { type: 'revision-refused'; listingId: number; title: string; marketplace: Platform }
  | { type: 'reconnect'; marketplace: Platform }
  | { type: 'sale-cancelled'; listingId: number; title: string; soldOn: SoldOn; backOn: Platform[] }

/** Which per-device setting a message falls under. */
export const kindOf = (message: PushMessage): NotificationKind =>
  message.type === 'sold' || message.type === 'sale-cancelled' ? 'sales' : 'problems'

const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`

/**
 * A sale beyond the stock (sold twice: docs/decisions/0056), as the push and the open app's toast say it: a warning
 * that names the order to cancel, never a "Sold".
 */
export function soldTwiceWords(sale: { title: string; priceCents: number | null; soldOn: SoldOn }) {
  const price = sale.priceCents === null ? '' : `${dollars(sale.priceCents)} `
  return {
    title: `Sold twice: ${sale.title}`,
    body: `The ${price}sale on ${SOLD_ON_LABELS[sale.soldOn]} has no piece left to send: cancel it there, or settle it with the buyer.`,
  }
}

/** The notification the phone shows, and where a tap takes the seller. */
export function notificationOf(message: PushMessage): { title: string; body: string; url: string; tag: string } {
  const edit = (listingId: number) => `/list-item?edit=${listingId}`
  switch (message.type) {
    case 'sold': {
      const price = message.priceCents === null ? '' : ` — ${dollars(message.priceCents)}`
      return {
        title: `Sold: ${message.title}${price} on ${SOLD_ON_LABELS[message.soldOn]}`,
        body: 'Tap to see the listing.',
        url: edit(message.listingId),
        tag: `sold-${message.listingId}`,
      }
    }
    case 'sold-twice':
      return { ...soldTwiceWords(message), url: edit(message.listingId), tag: `problem-${message.listingId}` }
    case 'revision-refused': {
      const name = SOLD_ON_LABELS[message.marketplace]
      return {
        title: `${name} refused a change: ${message.title}`,
        body: `Open the listing to see why ${name} refused it.`,
        url: edit(message.listingId),
        tag: `problem-${message.listingId}`,
      }
    }
    case 'sale-cancelled': {
      const where = marketplacesInWords(message.backOn)
      return {
        title: `Sale cancelled: ${message.title} is back ${where ? `on ${where}` : 'in stock'}`,
        body: `The buyer's order on ${SOLD_ON_LABELS[message.soldOn]} was cancelled. Tap to see the listing.`,
        url: edit(message.listingId),
        tag: `sold-${message.listingId}`,
      }
    }
    case 'reconnect': {
      const name = SOLD_ON_LABELS[message.marketplace]
      return {
        title: `Connect ${name} again`,
        body: `Your ${name} connection has lapsed: sales and changes wait until you connect it again.`,
        url: '/',
        tag: `reconnect-${message.marketplace}`,
      }
    }
  }
}
