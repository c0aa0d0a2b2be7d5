// The Dashboard (docs/product.md §2), the signed-in home: it puts the features' panels together (listings, drafts and
// hauls, marketplaces, the account's banner, the stale listings' notice), hands the bulk post to the listing rows and
// the barcode scanner's camera to the search (Scan label), so that no feature imports another (docs/decisions/0028).
import { Link } from '@tanstack/react-router'
import { buttonClass } from '../components/ui/Button.tsx'
import { VerifyEmailBanner } from '../features/account/VerifyEmailBanner.tsx'
import { useCurrentUser } from '../hooks/useCurrentUser.ts'
import { useMarketplaceReturn } from '../features/marketplaces/useMarketplaceReturn.ts'
import { deferred } from '../lib/deferred.tsx'
import { ListingsPanel } from '../features/listings/ListingsPanel.tsx'
import { StatusFilters } from '../features/listings/StatusFilters.tsx'
import { searchOf } from '../lib/dashboard-view.ts'
import { useDashboardFilter } from '../features/listings/useDashboardFilter.ts'
import { useLastSeen } from '../features/listings/last-seen.ts'
import { useOnline } from '../hooks/useOnline.ts'
import { MarketplacesPanel } from '../features/marketplaces/MarketplacesPanel.tsx'
import { DashboardBulkPost } from './post-dialogs.tsx'
import { ScanLabel } from './ScanLabel.tsx'

// Drafts live in the offline store, which loads after the first screen: the listings from the server come first.
const DraftsPanel = deferred(async () => (await import('../features/drafts/DraftsPanel.tsx')).DraftsPanel)
const HaulsPanel = deferred(async () => (await import('../features/drafts/haul/HaulsPanel.tsx')).HaulsPanel)
// The stale listings' notice is the server's (online only, not precached): a code load that fails shows nothing.
const StaleNotice = deferred(() =>
  import('../features/pricing/StaleNotice.tsx').then(
    (loaded) => loaded.StaleNotice,
    () => () => null,
  ),
)

/** When the phone last heard from the server: the time today, else the day and time. */
function syncedWhen(at: number) {
  const date = new Date(at)
  const today = date.toDateString() === new Date().toDateString()
  return today
    ? `at ${date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' })}`
    : `on ${date.toLocaleString([], { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })}`
}

function OfflineNote({ syncedAt }: { syncedAt: number }) {
  return (
    <p role="status" className="rounded-xl border border-slate-200 bg-slate-100 px-4 py-3 text-sm text-slate-700">
      {syncedAt
        ? `You are offline. Showing what this phone last saw, synced ${syncedWhen(syncedAt)}.`
        : 'You are offline. Your listings will show when you are back online; new drafts are kept on this phone.'}
    </p>
  )
}

export function DashboardScreen() {
  const user = useCurrentUser()
  useMarketplaceReturn()
  const { filter, setFilter, search, setSearch, sort, setSort, view, counts, syncedAt } = useDashboardFilter()
  useLastSeen(user.id, searchOf(view))
  const online = useOnline()
  return (
    // Close together, so that a phone shows the first listing row under the top, the email banner and all (issue 47).
    <div className="flex flex-col gap-4">
      <VerifyEmailBanner />
      {!online && <OfflineNote syncedAt={syncedAt} />}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <h1 className="text-xl font-bold break-words text-slate-900">Hello, {user.username}</h1>
          {user.isAdmin && (
            <Link to="/admin" className="text-sm font-medium text-indigo-700 hover:underline">
              Admin Dashboard
            </Link>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/haul" className={buttonClass('secondary')}>
            Capture a haul
          </Link>
          <Link to="/list-item" className={buttonClass('primary')}>
            New Listing
          </Link>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-4 lg:col-span-2">
          <HaulsPanel />
          {online && <StaleNotice />}
          <StatusFilters
            counts={counts}
            chosen={filter}
            onChoose={setFilter}
            search={search}
            onSearch={setSearch}
            sort={sort}
            onSort={setSort}
            besideSearch={<ScanLabel onSearch={setSearch} />}
          />
          <DraftsPanel visible={filter === 'all' || filter === 'draft'} search={view.q ?? ''} />
          {filter === 'draft' && counts?.draft === 0 && (
            <p className="text-sm text-slate-600">No drafts on this phone.</p>
          )}
          {filter !== 'draft' && <ListingsPanel search={searchOf(view)} BulkPost={DashboardBulkPost} />}
        </div>
        <MarketplacesPanel />
      </div>
    </div>
  )
}
