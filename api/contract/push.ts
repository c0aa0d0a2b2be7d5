// Sale notifications by Web Push (docs/decisions/0035): what a device subscribes with, the kinds a seller turns on per
// device, and what a push carries. The server and the service worker both read the message from here, so the words on
// the phone ("Sold: Red wool jacket — $37 on eBay") have one definition, and the tests check the same words.
import * as v from 'valibot'
import { SOLD_ON_LABELS, type SoldOn } from './listing.ts'
import type { Platform } from './marketplaces.ts'

/** The kinds of notification a seller turns on or off per device: a sale, or something that needs them. */
export const NOTIFICATION_KINDS = ['sales', 'problems'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]
export type NotificationKinds = Record<NotificationKind, boolean>

/** Push services' endpoints are URLs of a few hundred characters; anything longer is not one. */
const ENDPOINT_MAX = 1000
const base64Url = (label: string, max: number) =>
  v.pipe(v.string(`${label} must be text`), v.regex(/^[\w-]+=*$/, `${label} must be base64url`), v.maxLength(max))

const Endpoint = v.pipe(
  v.string('endpoint must be text'),
  v.maxLength(ENDPOINT_MAX, `endpoint must be at most ${ENDPOINT_MAX} characters`),
  v.url('endpoint must be a URL'),
  v.check((url) => /^https?:\/\//.test(url), 'endpoint must be an http(s) URL'),
)

/**
 * POST /api/push-subscriptions: the browser's PushSubscription JSON and, optionally, the kinds to turn on. Without
 * kinds, a device subscribed before keeps its own (the Account screen re-sends the subscription to read them) and a new
 * one gets every kind.
 */
export const PushSubscriptionSchema = v.object({
  endpoint: Endpoint,
  expirationTime: v.optional(v.nullable(v.number())),
  keys: v.object({
    // A P-256 point (65 bytes) and a 16-byte secret, base64url: 87 and 22 characters, a little slack for padding.
    p256dh: base64Url('keys.p256dh', 100),
    auth: base64Url('keys.auth', 30),
  }),
  kinds: v.optional(v.object({ sales: v.boolean(), problems: v.boolean() })),
})
export type PushSubscriptionInput = v.InferOutput<typeof PushSubscriptionSchema>

/** DELETE /api/push-subscriptions: this device's endpoint; the seller's other devices keep theirs. */
export const PushEndpointSchema = v.object({ endpoint: Endpoint })

/** The answer to a subscription: what this device is sent. */
export interface PushSettings {
  kinds: NotificationKinds
}

/** GET /api/push-subscriptions/key: the server's VAPID public key (base64url), the applicationServerKey to subscribe with. */
export interface PushPublicKey {
  publicKey: string
}

/**
 * What a push carries, encrypted to the device: the listing's title and price and where, or which marketplace needs
 * the seller; never more of the listing (the push service relays it).
 */
export type PushMessage =
  | { type: 'sold'; listingId: number; title: string; priceCents: number | null; soldOn: SoldOn }
  | { type: 'sold-twice'; listingId: number; title: string }
  | { type: 'revision-refused'; listingId: number; title: string; marketplace: Platform }
  | { type: 'reconnect'; marketplace: Platform }

/** Which per-device setting a message falls under. */
export const kindOf = (message: PushMessage): NotificationKind => (message.type === 'sold' ? 'sales' : 'problems')

const dollars = (cents: number) => `$${cents % 100 === 0 ? cents / 100 : (cents / 100).toFixed(2)}`

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
      return {
        title: `Sold twice: ${message.title}`,
        body: 'It sold more pieces than you had. Cancel one order or agree with the buyer.',
        url: edit(message.listingId),
        tag: `problem-${message.listingId}`,
      }
    case 'revision-refused': {
      const name = SOLD_ON_LABELS[message.marketplace]
      return {
        title: `${name} refused a change: ${message.title}`,
        body: `Open the listing to see why ${name} refused it.`,
        url: edit(message.listingId),
        tag: `problem-${message.listingId}`,
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
