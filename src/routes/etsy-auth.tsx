// Where Etsy sends the seller back (/etsy-auth/success and /etsy/auth/success share this screen; the cancel paths show
// its Cancelled state): the code and state are exchanged once, then the Dashboard after 1.5 s, or after 3 s on failure
// (docs/product.md §2, §4, §5, §8, §9).
import { useSearch } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { MISSING_CODE_MESSAGE, MISSING_STATE_MESSAGE } from '../../api/contract/marketplaces.ts'
import { ApiError } from '../lib/api.ts'
import type { CallbackSearch } from '../lib/marketplace-return.ts'
import { notify } from '../lib/notify.tsx'
import { useEtsyExchange } from '../queries/marketplaces.ts'
import { Cancelled, Connected, Connecting, ConnectionFailed } from './etsy-auth/ConnectResult.tsx'

const exchangeFailure = (error: unknown) =>
  error instanceof ApiError ? `Token exchange failed: ${error.message}` : 'Failed to exchange authorization code for token'

function Failed({ message }: { message: string }) {
  useEffect(() => notify('Failed to connect Etsy', message, 'error'), [message])
  return <ConnectionFailed message={message} />
}

function Exchange({ code, state }: { code: string; state: string }) {
  const exchange = useEtsyExchange()
  const { mutate } = exchange
  // A state works once: the exchange must not run again when React re-runs effects (Strict Mode) or re-renders.
  const sent = useRef(false)
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    mutate({ code, state })
  }, [mutate, code, state])

  if (exchange.isSuccess) return <Connected connection={exchange.data.connection} />
  if (exchange.isError) return <Failed message={exchangeFailure(exchange.error)} />
  return <Connecting />
}

export function EtsyAuthSuccessScreen() {
  const { code, state, error }: CallbackSearch = useSearch({ strict: false })
  if (error) return <Cancelled error={error} />
  if (!code) return <Failed message={MISSING_CODE_MESSAGE} />
  if (!state) return <Failed message={MISSING_STATE_MESSAGE} />
  return <Exchange code={code} state={state} />
}

export function EtsyAuthCancelScreen() {
  return <Cancelled error={undefined} />
}
