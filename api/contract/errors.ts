// The body of every non-2xx API answer, and the one list of error codes the server throws and the client switches on.
// Messages are for people and may be reworded; a code is stable, so the client branches on it and never on the words.
// Each marketplace's own codes are declared in its wing (contract/<marketplace>/<marketplace>-errors.ts).
import { EBAY_ERROR_CODES } from './ebay/ebay-errors.ts'
import { ETSY_ERROR_CODES } from './etsy/etsy-errors.ts'
import { SHOPIFY_ERROR_CODES } from './shopify/shopify-errors.ts'
import type { Listing } from './listing.ts'

export const ERROR_CODES = [
  // Generic refusals and failures
  'invalid_input',
  'invalid_json',
  'unauthenticated',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'database_unavailable',
  /** This API process holds as many live event streams as it may (EVENT_STREAMS_PER_PROCESS): 503, try again later. */
  'events_busy',
  'internal',
  // Accounts, sign-in and email links
  'account_changed',
  'admin_protected',
  'last_admin',
  'no_password',
  /** The session last proved its password over 12 hours ago: the seller types it again (POST /api/auth/reauth). */
  'reauth_required',
  'wrong_password',
  'setup_code_invalid',
  'email_token_invalid',
  'email_token_expired',
  'reset_token_invalid',
  'reset_token_expired',
  'google_sign_in_not_configured',
  'google_account_conflict',
  'google_email_unconfirmed',
  'google_token_invalid',
  'google_unavailable',
  // Photos and the AI
  'not_an_image',
  'image_too_large',
  'image_too_many_pixels',
  'storage_failed',
  'storage_quota_reached',
  'photo_missing',
  'analysis_busy',
  /** The seller asked for more analyses than ANALYSIS_LIMIT_PER_MINUTE or _PER_DAY allow (429). */
  'analysis_limit_reached',
  /**
   * The seller made more marketplace lookups than LOOKUP_LIMIT_PER_MINUTE or _PER_DAY allow, or the install as many
   * as LOOKUP_LIMIT_INSTALL_PER_DAY (429, with Retry-After).
   */
  'lookup_limit_reached',
  'analysis_failed',
  'analysis_timeout',
  'analysis_key_refused',
  // Listings
  /** An edit made against an older version of the listing (changed elsewhere meanwhile): the body carries `current`. */
  'listing_edit_conflict',
  /** Another of the seller's listings has this SKU (the fields name it): a SKU is unique per seller. */
  'sku_taken',
  // Marketplace connections
  'marketplace_not_configured',
  'marketplace_connection_lapsed',
  'oauth_state_invalid',
  // Bulk posts and actions
  /** The seller already has as many listings waiting to post as one seller may (BULK_POST_QUEUE_MAX). */
  'bulk_post_queue_full',
  /** A bulk action's selection, or the seller's unfinished ones with it, exceed BULK_ACTION_MAX (decision 0038). */
  'bulk_selection_too_large',
  // Sale notifications (docs/decisions/0035)
  /** Another account holds this device's push subscription: the device subscribes anew (a new endpoint) and sends that. */
  'push_subscription_taken',
  ...EBAY_ERROR_CODES,
  ...ETSY_ERROR_CODES,
  ...SHOPIFY_ERROR_CODES,
] as const

export type ErrorCode = (typeof ERROR_CODES)[number]
/** Hono's own refusals (a malformed body, say) carry their HTTP status. */
export type HttpErrorCode = `http_${number}`

export interface ApiErrorBody {
  message: string
  code: ErrorCode | HttpErrorCode
  requestId?: string
  fields?: Record<string, string>
  /** listing_edit_conflict: the listing as the server has it now, for the seller to compare with their edit. */
  current?: Listing
}
