// What eBay's callback screens say and send (docs/product.md §3, §8), word for word: the messages a popup posts to the window that
// opened it, the popup error strings, and the toast and page text for a failed code exchange.
import { ApiError, hasCode } from '../offline/api-error.ts'

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
  post(success ? { type: 'EBAY_AUTH_SUCCESS' } : { type: 'EBAY_AUTH_ERROR', message: error ?? EBAY_POPUP_ERRORS.exchangeFailed })
  return true
}

export const EBAY_EXCHANGE_TOAST = 'eBay Connection Failed'

/** The toast's description for a failed exchange (docs/product.md §8). */
export function exchangeFailureToast(error: unknown): string {
  if (error instanceof ApiError && error.status === 502) return "eBay's servers are unavailable right now. Please try again in a few minutes."
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

export const EBAY_TROUBLESHOOTING_TIPS = [
  'Start again from Connect on the Dashboard: an authorization code works once, for about 5 minutes.',
  'Sign in to eBay with the seller account you want to list with, and choose Agree on eBay’s page.',
  'Make sure you are signed in to Snaplist in this browser, in the same session that started connecting.',
  'If eBay’s page said something about the app or RuName, the site operator needs to check the eBay settings (use Check Environment below).',
]
