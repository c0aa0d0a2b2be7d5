// What the callback and manual screens say about a failed code exchange, chosen by the API's code (docs/product.md §8),
// and what eBay's callback sends the window that opened it when eBay ran in a popup (§3), word for word. The words of
// every other result are in the marketplace's description (api/contract/marketplaces.ts).
import type { Platform } from '../../../api/contract/marketplaces.ts'
import { ApiError, hasCode } from '../../offline/api-error.ts'

/** The window messages of docs/product.md §3: EBAY_CONNECTED always, plus EBAY_AUTH_SUCCESS or EBAY_AUTH_ERROR. */
export type EbayPopupMessage =
  | { type: 'EBAY_CONNECTED'; success: boolean; code?: string; error?: string }
  | { type: 'EBAY_AUTH_SUCCESS' }
  | { type: 'EBAY_AUTH_ERROR'; message: string }

export const EBAY_POPUP_ERRORS = {
  exchangeFailed: 'Failed to exchange token',
  processing: 'Error processing callback',
  declinedOrFailed: 'Authorization failed or was declined',
  invalidParameters: 'Invalid callback parameters',
  handler: 'Error in callback handler',
  declinedByUser: 'Authorization declined by user',
  noCode: 'No authorization code found in URL or localStorage.',
} as const

export function isEbayPopupMessage(data: unknown): data is EbayPopupMessage {
  const type = (data as { type?: unknown } | null)?.type
  return type === 'EBAY_CONNECTED' || type === 'EBAY_AUTH_SUCCESS' || type === 'EBAY_AUTH_ERROR'
}

/** Tells the window that opened this one (the Dashboard, when eBay ran in a popup); false when there is none. */
export function notifyOpener(success: boolean, error?: string): boolean {
  const opener = window.opener as Window | null
  if (!opener || opener.closed) return false
  const post = (message: EbayPopupMessage) => opener.postMessage(message, window.location.origin)
  post(error === undefined ? { type: 'EBAY_CONNECTED', success } : { type: 'EBAY_CONNECTED', success, error })
  post(
    success
      ? { type: 'EBAY_AUTH_SUCCESS' }
      : { type: 'EBAY_AUTH_ERROR', message: error ?? EBAY_POPUP_ERRORS.exchangeFailed },
  )
  return true
}

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

/** A failed exchange on the callback screen: the page's sentence and the toast's. */
export function exchangeFailure(platform: Platform, error: unknown): { page: string; toast: string } {
  if (platform === 'ebay') return { page: exchangeFailureDetail(error), toast: exchangeFailureToast(error) }
  const words =
    error instanceof ApiError
      ? `Token exchange failed: ${error.message}`
      : 'Failed to exchange authorization code for token'
  return { page: words, toast: words }
}

/** A failed exchange on the manual screen. */
export function manualFailure(platform: Platform, error: unknown): string {
  if (platform === 'ebay') return exchangeFailureDetail(error)
  const failed = 'Failed to exchange code for token'
  return error instanceof ApiError ? `${failed}: ${error.message}` : failed
}
