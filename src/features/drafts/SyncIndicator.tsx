// The header's promise that nothing is lost: how many drafts wait to reach the server, shown offline too.
import { useOnline } from '../../hooks/useOnline.ts'
import { useSyncStatus, useWaitingCount } from './useDrafts.ts'

// The header names the account: while it signs out (the session already gone, the header not yet), the indicator
// still has one to count for.
export function SyncIndicator({ userId }: { userId: number }) {
  const waiting = useWaitingCount(userId)
  const online = useOnline()
  const status = useSyncStatus()
  if (!waiting && online) return null
  // On a phone "3 waiting": the header's first line has room for it and the greeting.
  const text = waiting ? (
    <>
      {waiting} waiting<span className="sr-only sm:not-sr-only"> to sync</span>
    </>
  ) : (
    'Offline'
  )
  const hint = !online
    ? 'You are offline. Drafts are saved on this phone.'
    : status === 'signed-out'
      ? 'Sign in again to sync.'
      : 'Syncing…'
  return (
    <span
      role="status"
      title={hint}
      className="inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold whitespace-nowrap text-amber-900"
    >
      <span
        aria-hidden="true"
        className={`h-2 w-2 rounded-full ${online ? 'animate-pulse bg-amber-500' : 'bg-slate-500'}`}
      />
      {text}
      <span className="sr-only">. {hint}</span>
    </span>
  )
}
