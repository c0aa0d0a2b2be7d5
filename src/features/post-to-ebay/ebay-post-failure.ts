// docs/product.md §8's toast for a failed post to eBay (or a failed read of what eBay needs), chosen by the API's error code.
import { failureMessage, hasCode } from '../../offline/api-error.ts'

// What the seller has to add or set up on eBay: the server's message says what.
const REQUIREMENT_CODES = ['ebay_missing_fields', 'ebay_policies_missing', 'ebay_policies_not_opted_in', 'ebay_policies_refused'] as const
// The eBay connection no longer works: the seller connects again.
const AUTHENTICATION_CODES = ['ebay_token_rejected', 'ebay_grant_refused', 'marketplace_connection_lapsed'] as const

export interface PostFailureToast {
  title: string
  description: string
  /** The eBay connection has to be made again. */
  reconnect: boolean
}

export function postFailureToast(error: unknown): PostFailureToast {
  if (hasCode(error, ...REQUIREMENT_CODES)) return { title: 'Listing Requirements', description: error.message, reconnect: false }
  if (hasCode(error, ...AUTHENTICATION_CODES)) {
    return { title: 'Authentication Issue', description: 'Your eBay connection needs to be refreshed. Please reconnect your eBay account.', reconnect: true }
  }
  return { title: 'Error', description: failureMessage(error, 'Failed to post listing to eBay'), reconnect: false }
}
