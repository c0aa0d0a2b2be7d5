// Keeps the Dashboard's listings in step with the offline engine: when a draft becomes a listing (here, in another
// tab or in the service worker) the listings are fetched again, and drafts the list now shows are forgotten.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect } from 'react'
import { drafts } from '../lib/sync.ts'
import { localDb } from '../offline/db.ts'
import { useRefetchFailedWhenOnline } from './useRefetchFailedWhenOnline.ts'
import { listingKeys, listingsQuery } from '../queries/listings.ts'

export function useListingSync() {
  const queryClient = useQueryClient()
  const doneIds = useLiveQuery(async () => (await localDb().drafts.where({ state: 'done' }).toArray()).map((draft) => draft.listingId ?? -1), [])
  const listings = useQuery(listingsQuery).data
  const key = doneIds?.join(',')

  useEffect(() => {
    if (key) void queryClient.invalidateQueries({ queryKey: listingKeys.all })
  }, [key, queryClient])

  useRefetchFailedWhenOnline(listingKeys.all)

  useEffect(() => {
    if (listings && doneIds?.length) void drafts.forgetDone(listings.map((listing) => listing.id).filter((id) => doneIds.includes(id)))
  }, [listings, doneIds])
}
