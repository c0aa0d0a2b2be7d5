// The Dashboard's word on stale listings (issue 51, docs/decisions/0080): how many have been live and unsold as long as
// the seller's ladder waits, the oldest by name, and the way to Offers & markdowns. Loaded after the Dashboard and
// only online (vite.config.ts ONLINE_ONLY), so its first load stays within its budget; nothing shows when none are.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ListingLink } from '../../components/ListingLink.tsx'
import { api, cancelledBy, okJson } from '../../lib/api.ts'

// Under the price rules' key: a change to the rules (their ladder's days) reads it again.
const staleQuery = queryOptions({
  queryKey: ['price-rules', 'stale'],
  queryFn: ({ signal }) => okJson(api['price-rules'].stale.$get({}, cancelledBy(signal))),
})

export function StaleNotice() {
  const { data: stale } = useQuery(staleQuery)
  if (!stale || stale.count === 0) return null
  const items = stale.count === 1 ? 'item' : 'items'
  return (
    <section
      aria-labelledby="stale-notice"
      className="flex flex-col gap-1 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-slate-800"
    >
      <h2 id="stale-notice" className="font-semibold text-slate-900">
        {stale.count}
        {stale.more ? '+' : ''} {items} with no sale in {stale.afterDays} days
      </h2>
      <p className="line-clamp-2">
        {stale.listings.map((listing, index) => (
          <span key={listing.id}>
            {index > 0 && ', '}
            <ListingLink id={listing.id} title={listing.title} />
          </span>
        ))}
        {stale.count > stale.listings.length && ' and more'}
      </p>
      <Link to="/pricing" className="font-semibold text-indigo-700 underline underline-offset-2">
        Move them in Offers &amp; markdowns
      </Link>
    </section>
  )
}
