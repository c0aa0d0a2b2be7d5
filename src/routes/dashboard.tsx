import { Link } from '@tanstack/react-router'
import { buttonClass } from '../components/ui/Button.tsx'
import { useCurrentUser } from '../hooks/useCurrentUser.ts'
import { MarketplacesPanel } from './dashboard/MarketplacesPanel.tsx'

export function DashboardScreen() {
  const user = useCurrentUser()
  return (
    <div className="flex flex-col gap-6">
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
      <div className="grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="listings-heading" className="rounded-2xl border border-slate-200 bg-white p-5 lg:col-span-2">
          <h2 id="listings-heading" className="text-lg font-semibold text-slate-900">
            Your Listings
          </h2>
          <div className="mt-6 flex flex-col items-center gap-3 py-6 text-center">
            <p className="font-medium text-slate-900">No listings yet</p>
            <p className="max-w-sm text-sm text-slate-600">Photograph your first item and Snaplist will help you fill in the listing.</p>
            <Link to="/list-item" className={buttonClass('secondary')}>
              Create your first listing
            </Link>
          </div>
        </section>
        <MarketplacesPanel />
      </div>
    </div>
  )
}
