// Where a marketplace sends the seller back: every success path of its description shares this screen, every cancel
// path shows Cancelled (docs/product.md §2, §4, §14). What arrived decides, once: a decline or error ends it; a code
// with its state is exchanged exactly once; a code without its state fails without being sent, as only the state shows
// it came from the consent this seller started (a page on another site can send anyone here with a code of its own).
// eBay's callback also keeps what it got for 5 minutes (§3): a reload finishes the exchange, or, once connected, says
// 'Already Connected' when the server confirms the connection.
import { useMatch, useSearch } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { MISSING_CODE_MESSAGE, MISSING_STATE_MESSAGE, type Platform } from '../../../api/contract/marketplaces.ts'
import { EBAY_POPUP_ERRORS, exchangeFailure } from './connect-words.ts'
import { readEbayCallback, rememberEbayCallback } from '../../lib/marketplace-flags.ts'
import type { CallbackSearch } from './marketplace-return.ts'
import { useExchange } from './marketplace-mutations.ts'
import { checkAuthentication } from '../../queries/marketplace-queries.ts'
import { AlreadyConnected, Cancelled, Connected, Connecting, ConnectionFailed } from './ConnectResult.tsx'

type Arrival =
  | { kind: 'exchange'; code: string; state: string }
  | { kind: 'check' }
  | { kind: 'cancelled'; error: string }
  | { kind: 'failed'; message: string; popupError?: string }

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

function decideEbay({ code, state, error, isAuthSuccessful }: CallbackSearch): Arrival {
  if (error === 'access_denied') return ebayFailed(EBAY_POPUP_ERRORS.declinedByUser)
  if (error || isAuthSuccessful === 'false') return ebayFailed(EBAY_POPUP_ERRORS.declinedOrFailed)
  if (code) {
    if (!state) return EBAY_WITHOUT_STATE
    // Kept for 5 minutes, so a reload before the exchange answers can still finish.
    rememberEbayCallback({ pendingCode: code, pendingState: state })
    return { kind: 'exchange', code, state }
  }
  const marks = readEbayCallback()
  if (marks.pendingCode)
    return marks.pendingState
      ? { kind: 'exchange', code: marks.pendingCode, state: marks.pendingState }
      : EBAY_WITHOUT_STATE
  if (marks.success) return { kind: 'check' }
  return ebayFailed(isAuthSuccessful === undefined ? EBAY_POPUP_ERRORS.noCode : EBAY_POPUP_ERRORS.invalidParameters)
}

function decide(platform: Platform, search: CallbackSearch): Arrival {
  if (platform === 'ebay') return decideEbay(search)
  const { code, state, error } = search
  if (error) return { kind: 'cancelled', error }
  if (!code) return { kind: 'failed', message: MISSING_CODE_MESSAGE }
  if (!state) return { kind: 'failed', message: MISSING_STATE_MESSAGE }
  return { kind: 'exchange', code, state }
}

function Exchange({ platform, code, state }: { platform: Platform; code: string; state: string }) {
  const exchange = useExchange(platform)
  const { mutate } = exchange
  // A code and state work once: the exchange must not run again when React re-runs effects (Strict Mode) or re-renders.
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    mutate({ code, state })
  }, [mutate, code, state])

  if (exchange.isSuccess) return <Connected platform={platform} connection={exchange.data.connection} />
  if (exchange.isError) {
    const { page, toast } = exchangeFailure(platform, exchange.error)
    return (
      <ConnectionFailed
        platform={platform}
        message={page}
        toast={toast}
        popupError={EBAY_POPUP_ERRORS.exchangeFailed}
      />
    )
  }
  return <Connecting platform={platform} />
}

function CheckExisting({ platform }: { platform: Platform }) {
  const [result, setResult] = useState<'checking' | 'connected' | 'missing' | 'error'>('checking')
  useEffect(() => {
    checkAuthentication(platform).then(
      (connected) => setResult(connected ? 'connected' : 'missing'),
      () => setResult('error'),
    )
  }, [platform])
  if (result === 'checking') return <Connecting platform={platform} />
  if (result === 'connected') return <AlreadyConnected platform={platform} />
  const popupError = result === 'error' ? EBAY_POPUP_ERRORS.processing : EBAY_POPUP_ERRORS.noCode
  return <ConnectionFailed platform={platform} message={popupError} popupError={popupError} />
}

/** The marketplace whose callback route this is (the router sets it from the descriptions). */
export const useRoutePlatform = (): Platform =>
  useMatch({ strict: false, select: (match) => match.staticData.platform })!

export function CallbackScreen() {
  const platform = useRoutePlatform()
  const search: CallbackSearch = useSearch({ strict: false })
  // Decided once: the marks it writes must not change the decision on the next render.
  const [arrival] = useState(() => decide(platform, search))
  if (arrival.kind === 'exchange') return <Exchange platform={platform} code={arrival.code} state={arrival.state} />
  if (arrival.kind === 'check') return <CheckExisting platform={platform} />
  if (arrival.kind === 'cancelled') return <Cancelled platform={platform} error={arrival.error} />
  return (
    <ConnectionFailed
      platform={platform}
      message={arrival.message}
      {...(arrival.popupError ? { popupError: arrival.popupError } : {})}
    />
  )
}

export function CancelScreen() {
  return <Cancelled platform={useRoutePlatform()} error={undefined} />
}
