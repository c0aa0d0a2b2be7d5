// Etsy's webhook signatures (developers.etsy.com/documentation/essentials/webhooks), which follow the Standard Webhooks
// scheme: `webhook-signature` holds one or more space-separated `v1,<base64 HMAC-SHA256>` of
// `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the bytes of the signing secret after its `whsec_` prefix.
// A delivery older or newer than the tolerance is refused, so a captured one cannot be replayed later.
import { createHmac } from 'node:crypto'
import { sameBytes } from '../constant-time.ts'

/** How far a delivery's timestamp may be from this server's clock (the scheme's own recommendation). */
const WEBHOOK_TOLERANCE_SECONDS = 5 * 60
const SECRET_PREFIX = 'whsec_'

export interface SignedDelivery {
  id: string | undefined
  timestamp: string | undefined
  signature: string | undefined
  body: string
}

/** Whether a signing secret has the form Etsy's webhook portal gives (whsec_ and base64 bytes). */
export const isWebhookSecret = (secret: string) =>
  secret.startsWith(SECRET_PREFIX) && /^[A-Za-z0-9+/]{16,}={0,2}$/.test(secret.slice(SECRET_PREFIX.length))

/** ETSY_WEBHOOK_SECRET as given, once it has that form: a secret of another form would verify nothing. */
export function checkedWebhookSecret(secret: string): string {
  if (!isWebhookSecret(secret))
    throw new Error('ETSY_WEBHOOK_SECRET must be the signing secret Etsy shows for the endpoint, starting whsec_.')
  return secret
}

const keyOf = (secret: string) => Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64')

/** The signature a delivery carries when the secret's holder signed it. */
function signDelivery(secret: string, id: string, timestamp: string, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`
}

/** Why the delivery is refused, or undefined when it was signed with the secret within the tolerance. */
export function deliveryRefusal(secret: string, delivery: SignedDelivery, now = Date.now()): string | undefined {
  const { id, timestamp, signature, body } = delivery
  if (!id || !timestamp || !signature)
    return 'the webhook-id, webhook-timestamp and webhook-signature headers are all needed'
  if (!/^\d{1,12}$/.test(timestamp)) return 'webhook-timestamp must be whole seconds since 1970'
  if (Math.abs(now / 1000 - Number(timestamp)) > WEBHOOK_TOLERANCE_SECONDS)
    return `webhook-timestamp is too far from now (a delivery is accepted for ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes)`
  const expected = Buffer.from(signDelivery(secret, id, timestamp, body))
  const matches = signature
    .split(' ')
    .map((each) => Buffer.from(each))
    .some((each) => sameBytes(each, expected))
  return matches ? undefined : 'webhook-signature does not match the body'
}
