// The error codes eBay's wing throws, part of the one list the client switches on (contract/errors.ts).
export const EBAY_ERROR_CODES = [
  // Connecting: a code or refresh token refused (expired or used), the access token refused, the app's own setup
  'ebay_grant_refused',
  'ebay_token_rejected',
  'ebay_missing_cert_id',
  'ebay_app_refused',
  'ebay_unreachable',
  'ebay_unavailable',
  'ebay_busy',
  // Posting to eBay
  'ebay_missing_fields',
  'ebay_policies_missing',
  'ebay_policies_not_opted_in',
  'ebay_policies_refused',
  'ebay_condition_not_allowed',
  'ebay_condition_refused',
  'ebay_no_category',
  'ebay_category_unknown',
  'ebay_shipping_policy_unknown',
  /** A bulk post's listing whose parcel or condition is still Snaplist's guess: the seller looks at it first. */
  'ebay_guesses_unchecked',
  'ebay_refused',
  /** An import from eBay (docs/decisions/0037) needs the seller's eBay account connected. */
  'ebay_not_connected',
  // eBay's account-deletion notifications
  'ebay_deletion_not_configured',
  'ebay_signature_invalid',
  'ebay_public_key_unavailable',
] as const
