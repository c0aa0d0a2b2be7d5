// Where a marketplace sends the seller back: every success path of its description shares this screen, every cancel
// path shows Cancelled (docs/product.md §2, §4, §14). What arrived decides, once: a decline or error ends it; a code
// with its state is exchanged exactly once; a code without its state fails without being sent, as only the state shows
// it came from the consent this seller started (a page on another site can send anyone here with a code of its own).
// A marketplace may decide what arrived its own way (its wing's connect part): one whose callback keeps what it got
// for 5 minutes (§3) finishes the exchange on a reload, or, once connected, says 'Already Connected' when the server
// confirms the connection.
import { useMatch, useSearch } from '@tanstack/react-router'
import { Suspense, useEffect, useRef, useState } from 'react'
import { MISSING_CODE_MESSAGE, MISSING_STATE_MESSAGE, type Platform } from '../../../api/contract/marketplaces.ts'
import type { Arrival, ConnectPart } from '../../marketplaces/client-marketplace.ts'
import { exchangeFailure, useConnectPart, useExchange } from './connect-part.ts'
import type { CallbackSearch } from '../../marketplaces/client-marketplace.ts'
import { checkAuthentication } from '../../queries/marketplace-queries.ts'
import { AlreadyConnected, Cancelled, Connected, Connecting, ConnectionFailed } from './ConnectResult.tsx'

function decide(part: ConnectPart, search: CallbackSearch): Arrival {
  if (part.decide) return part.decide(search)
  const { code, state, error } = search
  if (error) return { kind: 'cancelled', error }
  if (!code) return { kind: 'failed', message: MISSING_CODE_MESSAGE }
  if (!state) return { kind: 'failed', message: MISSING_STATE_MESSAGE }
  return { kind: 'exchange', code, state }
}

function Exchange({ platform, code, state }: { platform: Platform; code: string; state: string }) {
  const part = useConnectPart(platform)
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
    const { page, toast } = exchangeFailure(part, exchange.error)
    return (
      <ConnectionFailed
        platform={platform}
        message={page}
        toast={toast}
        {...(part.popupErrors ? { popupError: part.popupErrors.exchangeFailed } : {})}
      />
    )
  }
  return <Connecting platform={platform} />
}

/** A success its callback kept (§3): the server says whether the connection is there. */
function CheckExisting({ platform }: { platform: Platform }) {
  const errors = useConnectPart(platform).popupErrors
  const [result, setResult] = useState<'checking' | 'connected' | 'missing' | 'error'>('checking')
  useEffect(() => {
    checkAuthentication(platform).then(
      (connected) => setResult(connected ? 'connected' : 'missing'),
      () => setResult('error'),
    )
  }, [platform])
  if (result === 'checking') return <Connecting platform={platform} />
  if (result === 'connected') return <AlreadyConnected platform={platform} />
  const popupError = (result === 'error' ? errors?.processing : errors?.noCode) ?? MISSING_CODE_MESSAGE
  return <ConnectionFailed platform={platform} message={popupError} popupError={popupError} />
}

/** The marketplace whose callback route this is (the router sets it from the descriptions). */
export const useRoutePlatform = (): Platform =>
  useMatch({ strict: false, select: (match) => match.staticData.platform })!

function Callback() {
  const platform = useRoutePlatform()
  const part = useConnectPart(platform)
  const search: CallbackSearch = useSearch({ strict: false })
  // Decided once: the marks it writes must not change the decision on the next render.
  const [arrival] = useState(() => decide(part, search))
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

// The marketplace's own part loads with the screen (useConnectPart): a moment of nothing until it is there.
export function CallbackScreen() {
  return (
    <Suspense fallback={null}>
      <Callback />
    </Suspense>
  )
}

export function CancelScreen() {
  const platform = useRoutePlatform()
  return (
    <Suspense fallback={null}>
      <Cancelled platform={platform} error={undefined} />
    </Suspense>
  )
}
