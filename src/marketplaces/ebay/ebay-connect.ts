// eBay's part of its callback and manual screens (docs/product.md §3, §8): what arrived decides, with the marks its
// callback keeps for 5 minutes (a reload finishes the exchange, or, once connected, says 'Already Connected' when the
// server confirms it), and the words of a failed exchange (ebay-connect-words.ts). Loaded with those screens.
import { api, okJson } from '../../lib/api.ts'
import { readCallback, rememberCallback } from '../../lib/marketplace-flags.ts'
import type { EbayEnvironmentReport, EbayEnvironmentSummary } from '../../../api/contract/ebay/ebay-environment.ts'
import type { Arrival, CallbackSearch, ConnectPart } from '../client-marketplace.ts'
import { exchangeFailureDetail, exchangeFailureToast } from './ebay-connect-words.ts'
import type { EbayPopupMessage } from './ebay-popup.ts'

/** The 'Check Environment' diagnostic: which eBay settings this server has (never their values). */
const fetchEbayEnvironment = (): Promise<EbayEnvironmentReport | EbayEnvironmentSummary> =>
  okJson(api.debug['ebay-environment'].$get())

/** What the callback tells the Dashboard that opened it in a popup when it failed, word for word (§3). */
export const EBAY_POPUP_ERRORS = {
  exchangeFailed: 'Failed to exchange token',
  processing: 'Error processing callback',
  declinedOrFailed: 'Authorization failed or was declined',
  invalidParameters: 'Invalid callback parameters',
  handler: 'Error in callback handler',
  declinedByUser: 'Authorization declined by user',
  noCode: 'No authorization code found in URL or localStorage.',
} as const

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

/** eBay's failure as its opener is told it; the page says `detail` when there is more to say. */
const ebayFailed = (popupError: string, detail = popupError): Arrival => ({
  kind: 'failed',
  message: detail,
  popupError,
})

const EBAY_WITHOUT_STATE = ebayFailed(
  EBAY_POPUP_ERRORS.invalidParameters,
  'This address from eBay has a code but no state, so it cannot be tied to the connection you started and nothing was connected. Start again with Connect on the Dashboard, or paste the whole address eBay sent you to on the manual screen.',
)

function decide({ code, state, error, isAuthSuccessful }: CallbackSearch): Arrival {
  if (error === 'access_denied') return ebayFailed(EBAY_POPUP_ERRORS.declinedByUser)
  if (error || isAuthSuccessful === 'false') return ebayFailed(EBAY_POPUP_ERRORS.declinedOrFailed)
  if (code) {
    if (!state) return EBAY_WITHOUT_STATE
    // Kept for 5 minutes, so a reload before the exchange answers can still finish.
    rememberCallback('ebay', { pendingCode: code, pendingState: state })
    return { kind: 'exchange', code, state }
  }
  const marks = readCallback('ebay')
  if (marks.pendingCode)
    return marks.pendingState
      ? { kind: 'exchange', code: marks.pendingCode, state: marks.pendingState }
      : EBAY_WITHOUT_STATE
  if (marks.success) return { kind: 'check' }
  return ebayFailed(isAuthSuccessful === undefined ? EBAY_POPUP_ERRORS.noCode : EBAY_POPUP_ERRORS.invalidParameters)
}

export const ebayConnect: ConnectPart = {
  exchange: (json) => okJson(api['marketplace-connections'].ebay['exchange-token'].$post({ json })),
  decide,
  exchangeFailure: (error) => ({ page: exchangeFailureDetail(error), toast: exchangeFailureToast(error) }),
  manualFailure: exchangeFailureDetail,
  popupErrors: EBAY_POPUP_ERRORS,
  notifyOpener,
  rememberFailure: (popupError) => rememberCallback('ebay', { error: popupError }),
  loadEnvironment: fetchEbayEnvironment,
}
