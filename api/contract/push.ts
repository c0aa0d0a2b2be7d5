// Sale notifications by Web Push (docs/decisions/0035): what a device subscribes with and what the API answers. The
// kinds and the message a push carries are in push-message.ts, which the service worker reads without these schemas.
import * as v from 'valibot'
import type { NotificationKinds } from './push-message.ts'

export * from './push-message.ts'

/** Push services' endpoints are URLs of a few hundred characters; anything longer is not one. */
const ENDPOINT_MAX = 1000
const base64Url = (label: string, max: number) =>
  v.pipe(v.string(`${label} must be text`), v.regex(/^[\w-]+=*$/, `${label} must be base64url`), v.maxLength(max))

const Endpoint = v.pipe(
  v.string('endpoint must be text'),
  v.maxLength(ENDPOINT_MAX, `endpoint must be at most ${ENDPOINT_MAX} characters`),
  v.url('endpoint must be a URL'),
  // Every push service is https; which ones the server sends to is its own rule (services/push/push-hosts.ts).
  v.check((url) => url.startsWith('https://'), 'endpoint must be an https URL'),
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
