// Shopify's signature on the seller's way back from installing the app (shopify.dev, "verify the installation
// request"): `hmac` is the hex HMAC-SHA256, keyed with the app's client secret, of every other query parameter sorted by
// name and joined as name=value&…. A callback older than the tolerance is refused, so a captured one cannot be replayed.
import { createHmac } from 'node:crypto'
import * as v from 'valibot'
import { SHOPIFY_SHOP_DOMAIN } from '../../contract/shopify/shopify-shop.ts'
import { sameBytes } from '../constant-time.ts'

const CALLBACK_TOLERANCE_SECONDS = 5 * 60

/** The hex signature of the callback's parameters (all but hmac and the legacy signature). */
export function callbackHmac(query: Record<string, string>, secret: string): string {
  const message = Object.keys(query)
    .filter((name) => name !== 'hmac' && name !== 'signature')
    .sort()
    .map((name) => `${name}=${query[name]}`)
    .join('&')
  return createHmac('sha256', secret).update(message).digest('hex')
}

const CallbackSchema = v.object({
  code: v.pipe(v.string(), v.nonEmpty()),
  hmac: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  shop: v.pipe(v.string(), v.regex(SHOPIFY_SHOP_DOMAIN)),
  state: v.pipe(v.string(), v.nonEmpty()),
  timestamp: v.pipe(v.string(), v.regex(/^\d{1,12}$/)),
})
export type ShopifyCallback = v.InferOutput<typeof CallbackSchema>

/** The callback when Shopify signed it with this secret within the tolerance; else why it is refused. */
export function verifiedCallback(
  query: Record<string, string>,
  secret: string,
  now = Date.now(),
): { callback: ShopifyCallback } | { refusal: string } {
  const parsed = v.safeParse(CallbackSchema, query)
  if (!parsed.success) return { refusal: `the callback lacks or garbles ${v.summarize(parsed.issues).slice(0, 120)}` }
  const { hmac, timestamp } = parsed.output
  if (Math.abs(now / 1000 - Number(timestamp)) > CALLBACK_TOLERANCE_SECONDS)
    return { refusal: 'the callback is too old (or from the future)' }
  const expected = Buffer.from(callbackHmac(query, secret), 'hex')
  const given = Buffer.from(hmac, 'hex')
  if (!sameBytes(given, expected)) return { refusal: 'the callback hmac does not match' }
  return { callback: parsed.output }
}
