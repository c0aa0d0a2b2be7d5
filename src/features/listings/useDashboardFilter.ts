// The Dashboard's status filter and title search over the seller's listings (docs/product.md §2), with each status's
// count. Statuses come from the contract's listingStatus, the Draft count from this phone's offline store.
import { useQuery } from '@tanstack/react-query'
import { useDeferredValue, useMemo, useState } from 'react'
import { listingStatus } from '../../../api/contract/listing.ts'
import { listingsQuery } from './listing-queries.ts'
import type { ShownListings } from './ListingsPanel.tsx'
import { usePhoneState } from './phone-state.ts'
import type { StatusFilter } from './StatusFilters.tsx'

/** Whether a title matches the search: every word typed, anywhere, in any case. */
export function titleMatcher(search: string): (title: string) => boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  return (title) => {
    const lower = title.toLowerCase()
    return words.every((word) => lower.includes(word))
  }
}

export function useDashboardFilter() {
  const [filter, setFilter] = useState<StatusFilter>('all')
  const [search, setSearch] = useState('')
  // Typing stays quick with hundreds of rows: the list follows a moment later.
  const deferredSearch = useDeferredValue(search)
  const listings = useQuery(listingsQuery).data
  const { draftCount } = usePhoneState()

  const withStatus = useMemo(() => listings?.map((listing) => ({ listing, status: listingStatus(listing) })), [listings])

  const counts = useMemo(() => {
    const counted: Record<StatusFilter, number> = { all: (withStatus?.length ?? 0) + draftCount, draft: draftCount, ready: 0, live: 0, sold: 0, ended: 0 }
    for (const row of withStatus ?? []) counted[row.status] += 1
    return counted
  }, [withStatus, draftCount])

  const shown = useMemo((): ShownListings | undefined => {
    if (!withStatus) return undefined
    const matches = titleMatcher(deferredSearch)
    const rows = filter === 'draft' ? [] : withStatus.filter((row) => (filter === 'all' || row.status === filter) && matches(row.listing.title))
    return { rows, any: withStatus.length > 0 }
  }, [withStatus, filter, deferredSearch])

  return { filter, setFilter, search, setSearch, deferredSearch, counts, shown }
}
