// The eBay callback screens' outcomes (docs/product.md §2, §4, §8, §9): each tells the window that opened it (when eBay ran in a
// popup) and closes, or takes the seller to the Dashboard with ?ebay=connected / error / canceled.
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import type { EbayEnvironmentReport, MarketplaceConnection } from '../../../api/contract/marketplaces.ts'
import { CardPage, FormAlert } from '../../components/CardPage.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { Button, buttonClass } from '../../components/ui/Button.tsx'
import { errorMessage } from '../../lib/api.ts'
import { EBAY_EXCHANGE_TOAST, EBAY_TROUBLESHOOTING_TIPS, exchangeFailureDetail, exchangeFailureToast, notifyOpener } from '../../lib/ebay-connect.ts'
import { forgetEbayCallback, markEbayConnected, rememberEbayCallback } from '../../lib/marketplace-flags.ts'
import { MARKETPLACE_MESSAGES } from '../../lib/marketplace-messages.ts'
import type { MarketplaceResult } from '../../lib/marketplace-return.ts'
import { notify } from '../../lib/notify.tsx'
import { fetchEbayEnvironment } from '../../queries/marketplaces.ts'

const SUCCESS_REDIRECT_MS = 2000
const CANCEL_REDIRECT_MS = 2000
// A popup closes quickly after success, and more slowly after a failure so its message can be read.
const POPUP_CLOSE_SUCCESS_MS = 500
const POPUP_CLOSE_FAILURE_MS = 2000

/**
 * Once, on arrival: tells the opener and closes the popup, or (no opener) goes to the Dashboard with the result after
 * `afterMs`; null `afterMs` leaves a full-page failure on screen for the seller to read.
 */
function useLeave(success: boolean, result: MarketplaceResult, afterMs: number | null, popupError?: string) {
  const navigate = useNavigate()
  useEffect(() => {
    const inPopup = notifyOpener(success, popupError)
    const delay = inPopup ? (success ? POPUP_CLOSE_SUCCESS_MS : POPUP_CLOSE_FAILURE_MS) : afterMs
    if (delay === null) return
    const timer = window.setTimeout(() => (inPopup ? window.close() : void navigate({ to: '/', search: { ebay: result }, replace: true })), delay)
    return () => window.clearTimeout(timer)
  }, [navigate, success, result, afterMs, popupError])
}

function ResultCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <CardPage title={title}>
      {children}
      <Link to="/" className={buttonClass('secondary')}>
        Go to Dashboard now
      </Link>
    </CardPage>
  )
}

export function EbayConnecting() {
  return (
    <CardPage title="Connecting to eBay">
      <div className="flex items-center gap-3">
        <Spinner label="Connecting your eBay account" className="h-6 w-6" />
        <p>Finishing the connection with eBay…</p>
      </div>
    </CardPage>
  )
}

export function EbayConnected({ connection }: { connection: MarketplaceConnection }) {
  useEffect(() => {
    markEbayConnected()
    notify('Success', MARKETPLACE_MESSAGES.ebay.connected, 'success')
  }, [])
  useLeave(true, 'connected', SUCCESS_REDIRECT_MS)
  return (
    <ResultCard title="eBay Connected">
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
        Your eBay account has been successfully connected{connection.accountName ? ` as ${connection.accountName}` : ''}.
      </p>
      <p>Taking you to your Dashboard…</p>
    </ResultCard>
  )
}

/** A success was already recorded and the server confirms the connection: nothing to exchange again. */
export function EbayAlreadyConnected() {
  useEffect(() => markEbayConnected(), [])
  useLeave(true, 'connected', SUCCESS_REDIRECT_MS)
  return (
    <ResultCard title="Already Connected">
      <p role="status">Your eBay account is already connected. Taking you to your Dashboard…</p>
    </ResultCard>
  )
}

function EnvironmentCheck() {
  const [report, setReport] = useState<EbayEnvironmentReport | string | null>(null)
  const check = () =>
    fetchEbayEnvironment().then(setReport, (error: unknown) => setReport(`Could not check the environment: ${errorMessage(error)}`))
  return (
    <details className="rounded-lg border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium">Debug information</summary>
      <p className="mt-2">Page: {window.location.pathname}</p>
      <Button variant="secondary" className="mt-2" onClick={() => void check()}>
        Check Environment
      </Button>
      {report !== null && (
        <pre aria-label="eBay environment" className="mt-2 overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs">
          {typeof report === 'string' ? report : JSON.stringify(report, null, 2)}
        </pre>
      )}
    </details>
  )
}

/** Any failure: the toast and marks of docs/product.md §3/§8, then tips and the debug block (a popup tells its opener and closes). */
export function EbayConnectionFailed({ error, popupError, detail }: { error?: unknown; popupError: string; detail?: string }) {
  useEffect(() => {
    rememberEbayCallback({ error: popupError })
    notify(EBAY_EXCHANGE_TOAST, error === undefined ? detail ?? popupError : exchangeFailureToast(error), 'error')
  }, [error, popupError, detail])
  useLeave(false, 'error', null, popupError)
  return (
    <CardPage title="eBay Connection Failed">
      <FormAlert>{detail ?? (error === undefined ? popupError : exchangeFailureDetail(error))}</FormAlert>
      <div>
        <p className="font-medium">Troubleshooting tips</p>
        <ul className="mt-1 list-disc pl-5 text-sm">
          {EBAY_TROUBLESHOOTING_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      <EnvironmentCheck />
      <div className="flex flex-wrap gap-2">
        <Link to="/" search={{ ebay: 'error' }} replace className={buttonClass('primary')}>
          Back to Dashboard
        </Link>
        <Link to="/ebay-manual-auth" className={buttonClass('secondary')}>
          Enter the code by hand
        </Link>
      </div>
    </CardPage>
  )
}

export function EbayCancelled() {
  useEffect(() => {
    forgetEbayCallback()
    notify('eBay Connection Cancelled', 'You did not allow Snaplist to access your eBay account, so nothing was connected.', 'info')
  }, [])
  useLeave(false, 'canceled', CANCEL_REDIRECT_MS, 'Authorization declined by user')
  return (
    <ResultCard title="eBay connection cancelled">
      <p>You did not allow Snaplist to access your eBay account, so nothing was connected. Taking you back to your Dashboard…</p>
    </ResultCard>
  )
}
