// Shopify's webhook signatures (shopify.dev, "verify webhooks"): X-Shopify-Hmac-Sha256 is the base64 HMAC-SHA256 of
// the raw body, keyed with the app's client secret. Checked on the bytes as received, before the body is parsed.
import { createHmac } from 'node:crypto'
import { sameBytes } from '../constant-time.ts'

/** Why the delivery is refused, or undefined when the app's secret signed this body. */
export function webhookRefusal(secret: string, hmacHeader: string | undefined, rawBody: string): string | undefined {
  if (!hmacHeader) return 'the X-Shopify-Hmac-Sha256 header is missing'
  const expected = createHmac('sha256', secret).update(rawBody, 'utf8').digest()
  const given = Buffer.from(hmacHeader, 'base64')
  return sameBytes(given, expected) ? undefined : 'X-Shopify-Hmac-Sha256 does not match the body'
}
