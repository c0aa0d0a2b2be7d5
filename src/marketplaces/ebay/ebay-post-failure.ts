// docs/product.md §8's toast for a failed post to eBay (or a failed read of what eBay needs), chosen by the API's error code;
// the same choice names why one listing of a bulk post was not posted.
import type { ApiErrorCode } from '../../offline/api-error.ts'
import { failureMessage, hasCode } from '../../offline/api-error.ts'

// What the seller has to add or set up on eBay: the server's message says what.
const REQUIREMENT_CODES: readonly ApiErrorCode[] = [
  'ebay_missing_fields',
  'ebay_policies_missing',
  'ebay_policies_not_opted_in',
  'ebay_policies_refused',
]
// The eBay connection no longer works: the seller connects again.
const AUTHENTICATION_CODES: readonly ApiErrorCode[] = [
  'ebay_token_rejected',
  'ebay_grant_refused',
  'marketplace_connection_lapsed',
]

const RECONNECT = 'Your eBay connection needs to be refreshed. Please reconnect your eBay account.'
const FAILED = 'Failed to post listing to eBay'

export interface PostFailureToast {
  title: string
  description: string
  /** The eBay connection has to be made again. */
  reconnect: boolean
}

export function postFailureToast(error: unknown): PostFailureToast {
  if (hasCode(error, ...REQUIREMENT_CODES))
    return { title: 'Listing Requirements', description: error.message, reconnect: false }
  if (hasCode(error, ...AUTHENTICATION_CODES))
    return { title: 'Authentication Issue', description: RECONNECT, reconnect: true }
  return { title: 'Error', description: failureMessage(error, FAILED), reconnect: false }
}

/**
 * Why one listing of a bulk post was not posted (the code and sentence its job recorded), in the words of the toast
 * a single post would have raised: the server's sentence for what the listing needs, the reconnect sentence when the
 * eBay connection no longer works, else the server's sentence or §8's fallback.
 */
export function bulkRefusalReason(code: string | null, message: string | null): { reason: string; reconnect: boolean } {
  const known = code as ApiErrorCode | null
  if (known && AUTHENTICATION_CODES.includes(known)) return { reason: RECONNECT, reconnect: true }
  if (known === 'not_found') return { reason: 'This listing is no longer on Snaplist.', reconnect: false }
  return { reason: message ?? FAILED, reconnect: false }
}
