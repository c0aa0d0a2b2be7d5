import { Link } from '@tanstack/react-router'
import { buttonClass } from '../components/ui/Button.tsx'
import { VerifyEmailBanner } from '../components/VerifyEmailBanner.tsx'
import { useCurrentUser } from '../hooks/useCurrentUser.ts'
import { useMarketplaceReturn } from '../hooks/useMarketplaceReturn.ts'
import { deferred } from '../lib/deferred.tsx'
import { ListingsPanel } from './dashboard/ListingsPanel.tsx'
import { MarketplacesPanel } from './dashboard/MarketplacesPanel.tsx'

// Drafts live in the offline store, which loads after the first screen: the listings from the server come first.
const DraftsPanel = deferred(async () => (await import('./dashboard/DraftsPanel.tsx')).DraftsPanel)

export function DashboardScreen() {
  const user = useCurrentUser()
  useMarketplaceReturn()
  return (
    <div className="flex flex-col gap-6">
      <VerifyEmailBanner />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Hello, {user.username}</h1>
          {user.isAdmin && (
            <Link to="/admin" className="text-sm font-medium text-indigo-700 hover:underline">
              Admin Dashboard
            </Link>
          )}
        </div>
        <Link to="/list-item" className={buttonClass('primary')}>
          New Listing
        </Link>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <DraftsPanel />
          <ListingsPanel />
        </div>
        <MarketplacesPanel />
      </div>
    </div>
  )
}
