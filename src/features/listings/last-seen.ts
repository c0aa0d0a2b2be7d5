// What the Dashboard last saw, kept on the phone for the offline start (issue 26): the first page of each of the last
// few listing views (search, filter, sort) with the counts, and the marketplace connections, per seller. Offline, the
// Dashboard puts them back into the query cache, dated when they were fetched, instead of showing empty lists and
// failed checks; back online it fetches them afresh.
// localStorage, not the offline store: it is read and written synchronously in a few lines, so the Dashboard's first
// chunk does not take in Dexie, and a page of 24 listings is a few tens of KB.
import { useQueryClient, type InfiniteData, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { ListingPage } from '../../../api/contract/listing-search.ts'
import type { MarketplaceConnection } from '../../../api/contract/marketplaces.ts'
import { useOnline } from '../../hooks/useOnline.ts'
import { lastSeenKey } from '../../lib/last-seen-store.ts'
import { marketplaceKeys } from '../../queries/marketplace-queries.ts'
import { listingKeys, listingSearchQuery, type ListingSearchView } from '../../queries/listing-queries.ts'

/** Listing views kept per seller: the one in use and a few before it. */
const VIEWS_KEPT = 5

interface Saved<Data> {
  savedAt: number
  data: Data
}
interface LastSeen {
  views: Record<string, Saved<InfiniteData<ListingPage, string | undefined>>>
  connections?: Saved<MarketplaceConnection[]>
}

function read(userId: number): LastSeen {
  try {
    const text = localStorage.getItem(lastSeenKey(userId))
    return text ? (JSON.parse(text) as LastSeen) : { views: {} }
  } catch {
    return { views: {} }
  }
}

function write(userId: number, change: (seen: LastSeen) => void) {
  const seen = read(userId)
  change(seen)
  const newest = Object.entries(seen.views).sort(([, a], [, b]) => b.savedAt - a.savedAt)
  seen.views = Object.fromEntries(newest.slice(0, VIEWS_KEPT))
  try {
    localStorage.setItem(lastSeenKey(userId), JSON.stringify(seen))
  } catch {
    // Storage full or disabled (private mode): the offline Dashboard then has less to show, nothing else changes.
  }
}

const isListingSearch = (key: QueryKey) => key[0] === listingKeys.all[0] && key[1] === 'search'
const isConnections = (key: QueryKey) => key.length === 1 && key[0] === marketplaceKeys.all[0]

/** Keeps one answer: the first page of a listing view (the rows a reopened Dashboard shows), or the connections. */
function keepAnswer(userId: number, query: Query) {
  const { queryKey, state } = query
  if (state.data === undefined) return
  if (isListingSearch(queryKey)) {
    const [first] = (state.data as InfiniteData<ListingPage, string | undefined>).pages
    if (first)
      write(
        userId,
        (seen) =>
          void (seen.views[JSON.stringify(queryKey)] = {
            savedAt: state.dataUpdatedAt,
            data: { pages: [first], pageParams: [undefined] },
          }),
      )
  } else if (isConnections(queryKey)) {
    write(
      userId,
      (seen) => void (seen.connections = { savedAt: state.dataUpdatedAt, data: state.data as MarketplaceConnection[] }),
    )
  }
}

/**
 * Keeps each fresh answer: what the cache holds already (a server-rendered Dashboard's answers arrive with the page,
 * hydrated, not fetched), then every answer fetched or hydrated later. What restore() put back is not kept again.
 */
function keepAnswers(queryClient: QueryClient, userId: number) {
  const cache = queryClient.getQueryCache()
  for (const query of cache.getAll()) keepAnswer(userId, query)
  return cache.subscribe((event) => {
    if (event.type !== 'updated') return
    const fetched = event.action.type === 'success' && !event.action.manual
    if (fetched || event.action.type === 'setState') keepAnswer(userId, event.query)
  })
}

/** Puts what was last seen where the cache has nothing better; true when it did. */
function restore(queryClient: QueryClient, userId: number, search: ListingSearchView): boolean {
  const seen = read(userId)
  let restored = false
  const put = <Data>(queryKey: QueryKey, saved: Saved<Data> | undefined) => {
    if (!saved || queryClient.getQueryState(queryKey)?.data !== undefined) return
    queryClient.setQueryData(queryKey, saved.data, { updatedAt: saved.savedAt })
    restored = true
  }
  const { queryKey } = listingSearchQuery(search)
  put(queryKey, seen.views[JSON.stringify(queryKey)])
  put(marketplaceKeys.all, seen.connections)
  return restored
}

/**
 * Offline, the Dashboard shows what this phone last saw for the seller; online again, it fetches what it put back.
 * Runs after hydration only (effects): a server-rendered Dashboard knows nothing of the phone.
 */
export function useLastSeen(userId: number, search: ListingSearchView) {
  const queryClient = useQueryClient()
  const online = useOnline()
  const [restored, setRestored] = useState(false)
  useEffect(() => keepAnswers(queryClient, userId), [queryClient, userId])
  const { q, status, sort } = search
  useEffect(() => {
    if (!online) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- what only the phone's storage has, after hydration
      if (restore(queryClient, userId, { q, status, sort })) setRestored(true)
      return
    }
    if (!restored) return
    setRestored(false)
    void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    void queryClient.invalidateQueries({ queryKey: marketplaceKeys.all })
  }, [online, restored, queryClient, userId, q, status, sort])
}
