// The error codes Shopify's wing throws, part of the one list the client switches on (contract/errors.ts).
export const SHOPIFY_ERROR_CODES = [
  // Connecting: the callback's hmac or shop refused, the code or the token refused, the app's own setup
  'shopify_callback_refused',
  'shopify_grant_refused',
  'shopify_token_rejected',
  'shopify_app_refused',
  'shopify_unreachable',
  'shopify_unavailable',
  /** Shopify's cost bucket is empty (THROTTLED) or it answered 429: retry after the seconds given. */
  'shopify_busy',
  /** The connection lacks a scope selling needs (ACCESS_DENIED): connect Shopify again. */
  'shopify_reconnect_needed',
  /** Shopify refused the product or the change (its userErrors); the message carries Shopify's words. */
  'shopify_refused',
  /** The quantity on Shopify is no longer what Snaplist last read (a sale counted since): read it again. */
  'shopify_quantity_changed',
  /** The webhook's X-Shopify-Hmac-Sha256 did not verify with SHOPIFY_CLIENT_SECRET. */
  'shopify_webhook_refused',
] as const
