// The error codes Etsy's wing throws, part of the one list the client switches on (contract/errors.ts).
export const ETSY_ERROR_CODES = [
  // Connecting: a code or refresh token refused (expired or used), the access token refused, the app's own setup
  'etsy_grant_refused',
  'etsy_token_rejected',
  'etsy_app_refused',
  'etsy_unreachable',
  'etsy_unavailable',
  'etsy_busy',
  // Posting to Etsy (docs/decisions/0031)
  /** No Etsy account is connected, or it has no shop. */
  'etsy_not_connected',
  'etsy_no_shop',
  /** The connection was made before Snaplist asked for the scopes selling needs: connect Etsy again. */
  'etsy_reconnect_needed',
  /** Who made it, when, whether a supply, or the Etsy category. */
  'etsy_missing_fields',
  /**
   * Etsy does not allow the answers: someone else made it, it is a finished product, and it is not vintage (20+ years
   * old). Etsy's seller policy; a shop that breaks it can be suspended.
   */
  'etsy_not_allowed',
  /** The shop has no shipping profile, return policy or processing profile yet: set one up on Etsy. */
  'etsy_shop_setup_missing',
  /** Etsy refused the listing; the message carries Etsy's words. */
  'etsy_refused',
  // Etsy's webhooks (docs/decisions/0050)
  /** The delivery's signature or timestamp did not verify with the server's ETSY_WEBHOOK_SECRET. */
  'etsy_webhook_refused',
] as const
