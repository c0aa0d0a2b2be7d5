// The callback and manual screens' outcomes, for every marketplace (docs/product.md §2, §3, §8, §9): Connecting,
// Connected, Already Connected, Connection Failed and Cancelled, in the words and with the timings of the marketplace's
// description. Each leaves for the Dashboard with the result in the address (/?<marketplace>=success, =canceled…), or,
// when the marketplace ran in a popup, tells the window that opened it (its wing's connect part) and closes.
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import {
  MARKETPLACES,
  type MarketplaceConnection,
  type MarketplaceDescription,
  type Platform,
} from '../../../api/contract/marketplaces.ts'
import { CardPage, FormAlert } from '../../components/CardPage.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { Button, buttonClass } from '../../components/ui/Button.tsx'
import { errorMessage } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { clearAuthFlags, forgetAttempt } from '../../lib/marketplace-flags.ts'
import { useConnectPart } from './connect-part.ts'

type Outcome = 'connected' | 'failed' | 'cancelled'

/** Tells the opener (when the marketplace ran in a popup), and closes it; else goes to the Dashboard with the result. */
function useLeave(platform: Platform, outcome: Outcome, popupError?: string) {
  const navigate = useNavigate()
  const { notifyOpener } = useConnectPart(platform)
  useEffect(() => {
    const { leave, popupCloseMs }: MarketplaceDescription = MARKETPLACES[platform]
    const inPopup =
      popupCloseMs !== undefined && notifyOpener !== undefined && notifyOpener(outcome === 'connected', popupError)
    const delay = inPopup ? popupCloseMs[outcome === 'connected' ? 'connected' : 'failed'] : leave[outcome].afterMs
    // No delay: the failure stays on screen for the seller to read.
    if (delay === null) return
    const search = { [platform]: leave[outcome].result }
    // Replacing this page, so Back skips the callback.
    const timer = window.setTimeout(
      () => (inPopup ? window.close() : void navigate({ to: '/', search, replace: true })),
      delay,
    )
    return () => window.clearTimeout(timer)
  }, [navigate, platform, outcome, popupError, notifyOpener])
}

function ResultCard({ title, next, children }: { title: string; next: string; children: ReactNode }) {
  return (
    <CardPage title={title}>
      {children}
      <p>{next}</p>
      <Link to="/" className={buttonClass('secondary')}>
        Go to Dashboard now
      </Link>
    </CardPage>
  )
}

export function Connecting({ platform }: { platform: Platform }) {
  const { name } = MARKETPLACES[platform]
  return (
    <CardPage title={`Connecting to ${name}`}>
      <div className="flex items-center gap-3">
        <Spinner label={`Connecting your ${name} account`} className="h-6 w-6" />
        <p>Finishing the connection with {name}…</p>
      </div>
    </CardPage>
  )
}

export function Connected({ platform, connection }: { platform: Platform; connection: MarketplaceConnection }) {
  const { messages } = MARKETPLACES[platform]
  useEffect(() => {
    clearAuthFlags(platform)
    notify('Success', messages.connected, 'success')
  }, [platform, messages])
  useLeave(platform, 'connected')
  return (
    <ResultCard title={messages.connectedTitle} next="Taking you to your Dashboard…">
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
        {messages.connectedStatus(connection.accountName)}
      </p>
    </ResultCard>
  )
}

/** A success was already recorded and the server confirms the connection: nothing to exchange again. */
export function AlreadyConnected({ platform }: { platform: Platform }) {
  useEffect(() => clearAuthFlags(platform), [platform])
  useLeave(platform, 'connected')
  return (
    <CardPage title="Already Connected">
      <p role="status">
        Your {MARKETPLACES[platform].name} account is already connected. Taking you to your Dashboard…
      </p>
      <Link to="/" className={buttonClass('secondary')}>
        Go to Dashboard now
      </Link>
    </CardPage>
  )
}

/** The 'Check Environment' diagnostic: which of the marketplace's settings this server has (never their values). */
function EnvironmentCheck({ name, load }: { name: string; load: () => Promise<unknown> }) {
  const [report, setReport] = useState<unknown>(null)
  const check = () =>
    load().then(setReport, (error: unknown) => setReport(`Could not check the environment: ${errorMessage(error)}`))
  return (
    <details className="rounded-lg border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium">Debug information</summary>
      <p className="mt-2">Page: {window.location.pathname}</p>
      <Button variant="secondary" className="mt-2" onClick={() => void check()}>
        Check Environment
      </Button>
      {report !== null && (
        <pre
          aria-label={`${name} environment`}
          className="mt-2 overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs"
        >
          {typeof report === 'string' ? report : JSON.stringify(report, null, 2)}
        </pre>
      )}
    </details>
  )
}

/** A failure that stays on screen: tips, the environment check, and the ways on (docs/product.md §2's result screen). */
function Troubleshooting({ platform, tips }: { platform: Platform; tips: readonly string[] }) {
  const { name, leave, manualPath } = MARKETPLACES[platform]
  const { loadEnvironment } = useConnectPart(platform)
  return (
    <>
      <div>
        <p className="font-medium">Troubleshooting tips</p>
        <ul className="mt-1 list-disc pl-5 text-sm">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      {loadEnvironment && <EnvironmentCheck name={name} load={loadEnvironment} />}
      <div className="flex flex-wrap gap-2">
        <Link to="/" search={{ [platform]: leave.failed.result }} replace className={buttonClass('primary')}>
          Back to Dashboard
        </Link>
        <Link to={manualPath} className={buttonClass('secondary')}>
          Enter the code by hand
        </Link>
      </div>
    </>
  )
}

/**
 * Any failure: the page's sentence, the toast's (the same unless the marketplace words them apart), and for a
 * marketplace run in a popup, the error its opener is told, which its callback may also remember (§3).
 */
export function ConnectionFailed({
  platform,
  message,
  toast = message,
  popupError,
}: {
  platform: Platform
  message: string
  toast?: string
  popupError?: string
}) {
  const { messages, troubleshootingTips }: MarketplaceDescription = MARKETPLACES[platform]
  const { rememberFailure } = useConnectPart(platform)
  useEffect(() => {
    if (popupError) rememberFailure?.(popupError)
    notify(messages.failedToast, toast, 'error')
  }, [messages, toast, popupError, rememberFailure])
  useLeave(platform, 'failed', popupError)
  if (troubleshootingTips) {
    return (
      <CardPage title={messages.failedTitle}>
        <FormAlert>{message}</FormAlert>
        <Troubleshooting platform={platform} tips={troubleshootingTips} />
      </CardPage>
    )
  }
  return (
    <ResultCard title={messages.failedTitle} next="Taking you back to your Dashboard, where you can try again…">
      <FormAlert>{message}</FormAlert>
    </ResultCard>
  )
}

/** The seller chose Deny (access_denied), or the marketplace sent back another error instead of a code. */
export function Cancelled({ platform, error }: { platform: Platform; error: string | undefined }) {
  const { name, messages }: MarketplaceDescription = MARKETPLACES[platform]
  const declined = useConnectPart(platform).popupErrors?.declinedByUser
  const reason =
    error && error !== 'access_denied'
      ? `${name} did not authorize the connection (${error.slice(0, 60)})`
      : `You did not allow Snaplist to access your ${name} account`
  const nothing = `${reason}, so nothing was connected.`
  useEffect(() => {
    forgetAttempt(platform)
    if (messages.cancelledToast) notify(messages.cancelledToast, nothing, 'info')
  }, [platform, messages, nothing])
  useLeave(platform, 'cancelled', declined)
  return (
    <ResultCard title={`${name} connection cancelled`} next="Taking you back to your Dashboard…">
      <p>
        {nothing} You can connect {name} again from the Dashboard at any time.
      </p>
    </ResultCard>
  )
}
