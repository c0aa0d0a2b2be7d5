// What eBay's callback and manual screens say of a failed code exchange, chosen by the API's code (docs/product.md §8).
import { ApiError, hasCode } from '../../offline/api-error.ts'

/** The toast's description for a failed exchange (docs/product.md §8). */
export function exchangeFailureToast(error: unknown): string {
  if (error instanceof ApiError && error.status === 502)
    return "eBay's servers are unavailable right now. Please try again in a few minutes."
  if (hasCode(error, 'ebay_missing_cert_id')) {
    return 'There is a server configuration issue (Missing eBay Certificate ID). Please contact support.'
  }
  return 'Could not exchange authorization code for access token.'
}

/** The failure page's explanation: special words for a 502 and for an expired or spent code. */
export function exchangeFailureDetail(error: unknown): string {
  if (error instanceof ApiError && error.status === 502) {
    return `502 Bad Gateway: eBay's servers did not answer. This is on eBay's side; wait a few minutes and connect again.`
  }
  if (hasCode(error, 'ebay_grant_refused')) {
    return 'The authorization code from eBay is invalid or has expired (codes last about 5 minutes and work once). Please connect again from the Dashboard.'
  }
  return error instanceof ApiError ? error.message : exchangeFailureToast(error)
}
