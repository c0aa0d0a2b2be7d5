// The Etsy callback and manual screens' shared states (docs/product.md §2, §9): Connecting, Success (then the Dashboard after
// 1.5 s) and Connection Failed (after 3 s), each a card that says where the seller goes next.
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, type ReactNode } from 'react'
import type { MarketplaceConnection } from '../../../api/contract/marketplaces.ts'
import { CardPage, FormAlert } from '../../components/CardPage.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { buttonClass } from '../../components/ui/Button.tsx'
import { MARKETPLACE_MESSAGES } from '../../lib/marketplace-messages.ts'

const SUCCESS_REDIRECT_MS = 1500
const FAILURE_REDIRECT_MS = 3000
const CANCEL_REDIRECT_MS = 1500

/** Takes the seller to the Dashboard with the result after the delay; replacing this page, so Back skips the callback. */
function useReturnToDashboard(result: 'success' | 'error', afterMs: number) {
  const navigate = useNavigate()
  useEffect(() => {
    const timer = window.setTimeout(() => void navigate({ to: '/', search: { etsy: result }, replace: true }), afterMs)
    return () => window.clearTimeout(timer)
  }, [navigate, result, afterMs])
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

export function Connecting() {
  return (
    <CardPage title="Connecting to Etsy">
      <div className="flex items-center gap-3">
        <Spinner label="Connecting your Etsy account" className="h-6 w-6" />
        <p>Finishing the connection with Etsy…</p>
      </div>
    </CardPage>
  )
}

export function Connected({ connection }: { connection: MarketplaceConnection }) {
  useReturnToDashboard('success', SUCCESS_REDIRECT_MS)
  return (
    <ResultCard title="Success" next="Taking you to your Dashboard…">
      <p role="status" className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
        {MARKETPLACE_MESSAGES.etsy.connected}
        {connection.accountName && ` Shop: ${connection.accountName}.`}
      </p>
    </ResultCard>
  )
}

export function ConnectionFailed({ message }: { message: string }) {
  useReturnToDashboard('error', FAILURE_REDIRECT_MS)
  return (
    <ResultCard title="Connection Failed" next="Taking you back to your Dashboard, where you can try again…">
      <FormAlert>{message}</FormAlert>
    </ResultCard>
  )
}

/** The seller chose Deny on Etsy (access_denied), or Etsy sent back another error instead of a code. */
export function Cancelled({ error }: { error: string | undefined }) {
  useReturnToDashboard('error', CANCEL_REDIRECT_MS)
  const reason = error && error !== 'access_denied' ? `Etsy did not authorize the connection (${error.slice(0, 60)})` : 'You did not allow Snaplist to access your Etsy account'
  return (
    <ResultCard title="Etsy connection cancelled" next="Taking you back to your Dashboard…">
      <p>{reason}, so nothing was connected. You can connect Etsy again from the Dashboard at any time.</p>
    </ResultCard>
  )
}
