// The Dashboard's view of the listings (docs/product.md §2): the search, status filter and sort in its address
// (src/lib/dashboard-view.ts), the server's page of listings for them, and each status's count. Statuses come from the
// contract's listingStatus, the Draft count from this phone's offline store.
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { getRouteApi, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { ListingSort } from '../../../api/contract/listing-search.ts'
import { rememberDashboardView, searchOf, type DashboardView, type StatusFilter } from '../../lib/dashboard-view.ts'
import { listingSearchQuery } from '../../queries/listing-queries.ts'
import { usePhoneState } from '../../lib/phone-state.ts'

const route = getRouteApi('/signed-in/')

/** Typing pauses this long before the server is asked: one request per word typed, not per letter. */
const SEARCH_PAUSE_MS = 250

export function useDashboardFilter() {
  const view = route.useSearch()
  const navigate = useNavigate()
  const change = useCallback(
    (next: Partial<DashboardView>) =>
      void navigate({ to: '/', search: (before) => ({ ...before, ...next }), replace: true }),
    [navigate],
  )
  const filter: StatusFilter = view.status ?? 'all'
  const sort: ListingSort = view.sort ?? 'newest'
  const q = view.q ?? ''
  useEffect(
    () =>
      rememberDashboardView({
        ...(q ? { q } : {}),
        ...(view.status ? { status: view.status } : {}),
        ...(view.sort ? { sort: view.sort } : {}),
      }),
    [q, view.status, view.sort],
  )

  // The box follows the typing at once; the address (and so the server) a moment later. An address changed from
  // elsewhere (Back) puts its search in the box.
  const [search, setSearch] = useState(q)
  const sent = useRef(q)
  useEffect(() => {
    if (q === sent.current) return
    sent.current = q
    setSearch(q)
  }, [q])
  useEffect(() => {
    const typed = search.trim()
    if (typed === sent.current) return
    const timer = setTimeout(() => {
      sent.current = typed
      change({ q: typed || undefined })
    }, SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [search, change])

  const listings = useInfiniteQuery({ ...listingSearchQuery(searchOf(view)), placeholderData: keepPreviousData })
  const { draftCount } = usePhoneState()
  const serverCounts = listings.data?.pages[0]?.counts
  const counts = useMemo((): Record<StatusFilter, number> | undefined => {
    if (!serverCounts) return undefined
    const total = serverCounts.ready + serverCounts.live + serverCounts.sold + serverCounts.ended
    return { ...serverCounts, all: total + draftCount, draft: draftCount }
  }, [serverCounts, draftCount])

  return {
    filter,
    setFilter: (status: StatusFilter) => change({ status: status === 'all' ? undefined : status }),
    search,
    setSearch,
    sort,
    setSort: (next: ListingSort) => change({ sort: next === 'newest' ? undefined : next }),
    view,
    counts,
    /** When the listings shown were fetched (0: not yet). */
    syncedAt: listings.dataUpdatedAt,
  }
}
