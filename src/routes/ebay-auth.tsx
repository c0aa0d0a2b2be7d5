// Where eBay sends the seller back (/ebay-auth/success, /ebay/auth/success and /ebay-success share this screen; the
// cancel paths show the Cancelled state). What arrived decides, once (docs/product.md §4): a decline or error fails; a code with
// its state (or a pair kept from a moment ago) is exchanged exactly once; a code without its state fails without being
// sent, as only the state shows it came from the consent this seller started (a page on another site can send anyone
// here with a code of its own); a success already recorded without a code is checked with the server and is 'Already
// Connected' when the connection exists.
import { useSearch } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { EBAY_POPUP_ERRORS } from '../lib/ebay-connect.ts'
import { readEbayCallback, rememberEbayCallback } from '../lib/marketplace-flags.ts'
import type { EbayCallbackSearch } from '../lib/marketplace-return.ts'
import { checkAuthentication, useEbayExchange } from '../queries/marketplaces.ts'
import { EbayAlreadyConnected, EbayCancelled, EbayConnected, EbayConnecting, EbayConnectionFailed } from './ebay-auth/EbayResult.tsx'

type Arrival = { kind: 'exchange'; code: string; state: string } | { kind: 'check' } | { kind: 'failed'; popupError: string; detail?: string }

const WITHOUT_STATE: Arrival = {
  kind: 'failed',
  popupError: EBAY_POPUP_ERRORS.invalidParameters,
  detail: "This address from eBay has a code but no state, so it cannot be tied to the connection you started and nothing was connected. Start again with Connect on the Dashboard, or paste the whole address eBay sent you to on the manual screen.",
}

function decide({ code, state, error, isAuthSuccessful }: EbayCallbackSearch): Arrival {
  if (error === 'access_denied') return { kind: 'failed', popupError: EBAY_POPUP_ERRORS.declinedByUser }
  if (error || isAuthSuccessful === 'false') return { kind: 'failed', popupError: EBAY_POPUP_ERRORS.declinedOrFailed }
  if (code) {
    if (!state) return WITHOUT_STATE
    // Kept for 5 minutes, so a reload before the exchange answers can still finish.
    rememberEbayCallback({ pendingCode: code, pendingState: state })
    return { kind: 'exchange', code, state }
  }
  const marks = readEbayCallback()
  if (marks.pendingCode) return marks.pendingState ? { kind: 'exchange', code: marks.pendingCode, state: marks.pendingState } : WITHOUT_STATE
  if (marks.success) return { kind: 'check' }
  return { kind: 'failed', popupError: isAuthSuccessful === undefined ? EBAY_POPUP_ERRORS.noCode : EBAY_POPUP_ERRORS.invalidParameters }
}

function Exchange({ code, state }: { code: string; state: string }) {
  const exchange = useEbayExchange()
  const { mutate } = exchange
  // A code works once: the exchange must not run again when React re-runs effects (Strict Mode) or re-renders.
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    mutate({ code, state })
  }, [mutate, code, state])

  if (exchange.isSuccess) return <EbayConnected connection={exchange.data.connection} />
  if (exchange.isError) return <EbayConnectionFailed error={exchange.error} popupError={EBAY_POPUP_ERRORS.exchangeFailed} />
  return <EbayConnecting />
}

function CheckExisting() {
  const [result, setResult] = useState<'checking' | 'connected' | 'missing' | 'error'>('checking')
  useEffect(() => {
    checkAuthentication('ebay').then(
      (connected) => setResult(connected ? 'connected' : 'missing'),
      () => setResult('error'),
    )
  }, [])
  if (result === 'checking') return <EbayConnecting />
  if (result === 'connected') return <EbayAlreadyConnected />
  return <EbayConnectionFailed popupError={result === 'error' ? EBAY_POPUP_ERRORS.processing : EBAY_POPUP_ERRORS.noCode} />
}

export function EbayAuthSuccessScreen() {
  const search: EbayCallbackSearch = useSearch({ strict: false })
  // Decided once: the marks it writes must not change the decision on the next render.
  const [arrival] = useState(() => decide(search))
  if (arrival.kind === 'exchange') return <Exchange code={arrival.code} state={arrival.state} />
  if (arrival.kind === 'check') return <CheckExisting />
  return <EbayConnectionFailed popupError={arrival.popupError} {...(arrival.detail ? { detail: arrival.detail } : {})} />
}

export function EbayAuthCancelScreen() {
  return <EbayCancelled />
}
