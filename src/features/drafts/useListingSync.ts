// Keeps the Dashboard's listings in step with the offline engine: when a draft becomes a listing (here, in another
// tab or in the service worker) the listings are fetched again, and drafts the list now shows are forgotten.
import { useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useSyncExternalStore } from 'react'
import { localDb } from '../../offline/db.ts'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { useDraftStore } from './useDrafts.ts'
import { useRefetchFailedWhenOnline } from '../../hooks/useRefetchFailedWhenOnline.ts'
import { cachedListings } from '../../queries/listing-cache.ts'
import { listingKeys } from '../../queries/listing-queries.ts'

export function useListingSync() {
  const queryClient = useQueryClient()
  const { id: userId } = useCurrentUser()
  const drafts = useDraftStore()
  const done = useLiveQuery(
    () =>
      localDb()
        .drafts.where({ userId })
        .filter((draft) => draft.state === 'done')
        .toArray(),
    [userId],
  )
  const doneIds = useMemo(() => done?.map((draft) => draft.listingId ?? -1), [done])
  // The ids of the listings the Dashboard has loaded, as one string: it changes only when they do.
  const shown = useSyncExternalStore(
    (onChange) => queryClient.getQueryCache().subscribe(onChange),
    () =>
      cachedListings(queryClient)
        .map((listing) => listing.id)
        .join(','),
  )
  // Late AI suggestions change a listing that exists: fetch the list again then too.
  const key = done?.map((draft) => `${draft.listingId ?? -1}${draft.lateFilled ? '+' : ''}`).join(',')

  useEffect(() => {
    if (key) void queryClient.invalidateQueries({ queryKey: listingKeys.all })
  }, [key, queryClient])

  useRefetchFailedWhenOnline(listingKeys.all)

  useEffect(() => {
    const listed = shown.split(',').map(Number)
    if (doneIds?.length) void drafts.forgetDone(doneIds.filter((id) => listed.includes(id)))
  }, [shown, doneIds, drafts])
}
