// What eBay's callback sends the window that opened it when eBay ran in a popup (docs/product.md §3), word for word,
// and the Dashboard's listening for it (the registry's listenForReturn).
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

function isEbayPopupMessage(data: unknown): data is EbayPopupMessage {
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

/**
 * eBay's callback running in a popup reports here (docs/product.md §3): EBAY_CONNECTED carries the outcome, so it alone
 * is announced; EBAY_AUTH_SUCCESS / EBAY_AUTH_ERROR only from a callback that sends nothing else.
 */
export function listenForPopup(announce: (success: boolean) => void): () => void {
  let announced = false
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || !isEbayPopupMessage(event.data)) return
    const message = event.data
    if (message.type !== 'EBAY_CONNECTED' && announced) return
    announced = true
    announce(message.type === 'EBAY_CONNECTED' ? message.success : message.type === 'EBAY_AUTH_SUCCESS')
  }
  window.addEventListener('message', onMessage)
  return () => window.removeEventListener('message', onMessage)
}
