import { Link } from '@tanstack/react-router'
import { useCurrentUser } from '../hooks/useCurrentUser.ts'
import { useLogout } from '../queries/session.ts'
import { deferred } from '../lib/deferred.tsx'
import { Logo } from './Logo.tsx'
import { Button } from './ui/Button.tsx'

// It reads the offline store, which loads after the first screen.
const SyncIndicator = deferred(async () => (await import('./SyncIndicator.tsx')).SyncIndicator)

const navLink =
  'inline-flex min-h-10 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 sm:flex-none data-[status=active]:bg-indigo-50 data-[status=active]:text-indigo-800'

export function Header() {
  const user = useCurrentUser()
  const logout = useLogout()
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
        <Logo />
        <nav aria-label="Main" className="order-last flex w-full gap-1 sm:order-none sm:w-auto">
          <Link to="/" className={navLink} activeOptions={{ exact: true }}>
            Dashboard
          </Link>
          <Link to="/list-item" className={navLink}>
            New Listing
          </Link>
          {user.isAdmin && (
            <Link to="/admin" className={navLink}>
              Admin
            </Link>
          )}
        </nav>
        {/* Takes the rest of the first line and never wraps: the sync pill appearing narrows the greeting instead of
            growing the header, which would push the page down. */}
        <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-3">
          <SyncIndicator />
          <span className="min-w-0 truncate text-sm text-slate-700">Welcome, {user.username}</span>
          <Button variant="secondary" onClick={() => logout.mutate()} disabled={logout.isPending}>
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </Button>
        </div>
      </div>
    </header>
  )
}
