// Shopify's webhook signatures (shopify.dev, "verify webhooks"): X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of
// the raw body, keyed with the app's client secret. Checked on the bytes as received, before the body is parsed.
import { createHmac, timingSafeEqual } from 'node:crypto'

/** Why the delivery is refused, or undefined when the app's secret signed this body. */
export function webhookRefusal(secret: string, hmacHeader: string | undefined, rawBody: string): string | undefined {
  if (!hmacHeader) return 'the X-Shopify-Hmac-Sha256 header is missing'
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest()
  const given = Buffer.from(hmacHeader, 'base64')
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? undefined
    : 'X-Shopify-Hmac-Sha256 does not match the body'
}
