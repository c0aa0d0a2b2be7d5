import { Link, useRouterState } from '@tanstack/react-router'
import { useState } from 'react'
import { useCurrentUser } from '../hooks/useCurrentUser.ts'
import type { UnsyncedCounts } from '../offline/draft-account.ts'
import { useLogout } from '../queries/session-queries.ts'
import { deferred } from '../lib/deferred.tsx'
import { LogoutDialog } from '../features/auth/LogoutDialog.tsx'
import { Logo } from '../components/Logo.tsx'
import { Button } from '../components/ui/Button.tsx'

// It reads the offline store, which loads after the first screen.
const SyncIndicator = deferred(async () => (await import('../features/drafts/SyncIndicator.tsx')).SyncIndicator)
// The stream of the seller's changes, for every signed-in screen (the header is on all of them); it draws nothing, and
// its code is not part of any screen's first download.
const LiveEvents = deferred(async () => (await import('../components/LiveEvents.tsx')).LiveEvents)

/** The account's drafts and expenses not yet on the server, if any; a phone whose offline store cannot open has none. */
const unsyncedOnPhone = (userId: number) =>
  import('../lib/outbox.ts').then(({ unsyncedOnPhone }) => unsyncedOnPhone(userId)).catch(() => null)

const navLink =
  'inline-flex min-h-10 flex-1 items-center justify-center whitespace-nowrap rounded-lg px-2 text-sm sm:px-3 font-semibold text-slate-700 hover:bg-slate-100 sm:flex-none data-[status=active]:bg-indigo-50 data-[status=active]:text-indigo-800'

export function Header() {
  const user = useCurrentUser()
  // Editing a listing is the New Listing screen with ?edit=: not a new listing, so no tab is lit for it. The link's own
  // search cannot say so (the route's search validation drops an edit it is given as undefined), so while editing it
  // is active only for exactly its own address, which an edit's is not; a new listing's draft (?draft=) still lights it.
  const editing = useRouterState({
    select: ({ location }) => location.pathname === '/list-item' && location.search.edit !== undefined,
  })
  const logout = useLogout()
  // Set while the seller decides what happens to this account's unsynced drafts (a shared phone).
  const [unsynced, setUnsynced] = useState<UnsyncedCounts | null>(null)
  const leave = (removeFromPhone: boolean) => {
    setUnsynced(null)
    logout.mutate({ userId: user.id, removeFromPhone })
  }
  const startLogout = async () => {
    const counts = await unsyncedOnPhone(user.id)
    if (counts) setUnsynced(counts)
    else leave(false)
  }
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Logo compact />
        <nav aria-label="Main" className="order-last flex w-full flex-wrap gap-1 sm:order-none sm:w-auto">
          <Link to="/" className={navLink} activeOptions={{ exact: true }}>
            Dashboard
          </Link>
          <Link to="/list-item" className={navLink} activeOptions={editing ? { exact: true } : undefined}>
            New Listing
          </Link>
          {user.isAdmin && (
            <Link to="/admin" className={navLink}>
              Admin
            </Link>
          )}
          <Link to="/account" className={navLink}>
            Account
          </Link>
        </nav>
        {/* Takes the rest of the first line and never wraps: the sync pill appearing narrows the greeting instead of
            growing the header, which would push the page down. */}
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-3">
          <SyncIndicator userId={user.id} />
          <LiveEvents />
          <span className="min-w-0 truncate text-sm text-slate-700">Welcome, {user.username}</span>
          <Button variant="secondary" onClick={() => void startLogout()} disabled={logout.isPending}>
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </Button>
          <LogoutDialog unsynced={unsynced} onLogout={leave} onCancel={() => setUnsynced(null)} />
        </div>
      </div>
    </header>
  )
}
