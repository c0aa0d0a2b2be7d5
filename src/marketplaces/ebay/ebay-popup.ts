// What eBay's callback sends the window that opened it when eBay ran in a popup (docs/product.md §3), and the
// Dashboard's listening for it (the registry's listenForReturn); the callback's side is in ebay-connect.ts.
/** The window messages of docs/product.md §3: EBAY_CONNECTED always, plus EBAY_AUTH_SUCCESS or EBAY_AUTH_ERROR. */
export type EbayPopupMessage =
  | { type: 'EBAY_CONNECTED'; success: boolean; code?: string; error?: string }
  | { type: 'EBAY_AUTH_SUCCESS' }
  | { type: 'EBAY_AUTH_ERROR'; message: string }

function isEbayPopupMessage(data: unknown): data is EbayPopupMessage {
  const type = (data as { type?: unknown } | null)?.type
  return type === 'EBAY_CONNECTED' || type === 'EBAY_AUTH_SUCCESS' || type === 'EBAY_AUTH_ERROR'
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
