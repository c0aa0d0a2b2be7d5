// When each marketplace's sales were last read, under Your Listings (issue 47): "<marketplace> sales checked 2 min
// ago · <another> 1 min ago", with Check sales, and the Dashboard pulled down from its top, to read them now
// (useSalesCheck). Loaded after the first screen: the Dashboard's listings come first.
import { useEffect, useState } from 'react'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import { PULL_PX, usePullToRefresh } from './usePullToRefresh.ts'
import { useSalesCheck } from './useSalesCheck.ts'

/** How often "2 min ago" is worked out again while the Dashboard stays open. */
const TICK_MS = 30_000

function ago(iso: string | null, now: number) {
  if (!iso) return 'not checked yet'
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000)
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return `${days} ${days === 1 ? 'day' : 'days'} ago`
}

function useNow() {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS)
    return () => clearInterval(timer)
  }, [])
  return now
}

/** The pill that follows the finger down, then says the sales are being read until they are. */
function PullNote({ pulled, checking }: { pulled: number; checking: boolean }) {
  if (pulled === 0 && !checking) return null
  const says = checking ? 'Checking sales…' : pulled >= PULL_PX ? 'Release to check sales' : 'Pull to check sales'
  return (
    // Under the header, over the page; never in the way of a tap.
    <div
      aria-hidden="true"
      className="fixed inset-x-0 z-10 flex justify-center"
      style={{ top: '7rem', transform: `translateY(${pulled}px)`, pointerEvents: 'none' }}
    >
      <span className="rounded-full border border-slate-200 bg-white px-4 py-1 text-sm font-medium text-slate-800 shadow">
        {says}
      </span>
    </div>
  )
}

export function SalesChecked() {
  const { connected, checking, check } = useSalesCheck()
  const now = useNow()
  // Set while a check the seller pulled for runs, so its pill stays until the sales are read.
  const [pulledCheck, setPulledCheck] = useState(false)
  const pulled = usePullToRefresh(() => {
    if (checking || connected.length === 0) return
    setPulledCheck(true)
    void check().finally(() => setPulledCheck(false))
  })
  if (connected.length === 0) return null
  const said = connected
    .map(
      (connection, index) =>
        `${SOLD_ON_LABELS[connection.platform]}${index === 0 ? ' sales checked' : ''} ${ago(connection.lastSyncedAt, now)}`,
    )
    .join(' · ')
  return (
    <div className="flex items-center justify-between gap-2">
      <p className="min-w-0 text-xs text-slate-600">{said}</p>
      <button
        type="button"
        onClick={() => void check()}
        disabled={checking}
        className="inline-flex min-h-9 shrink-0 items-center rounded-lg px-2 text-sm font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-700 disabled:text-slate-500"
      >
        {checking ? 'Checking…' : 'Check sales'}
      </button>
      <PullNote pulled={pulled} checking={pulledCheck} />
    </div>
  )
}
