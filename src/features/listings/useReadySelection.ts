// The listings chosen to post many at once (docs/product.md §17), or to change at once (docs/decisions/0038). 'Select all ready' chooses every ready listing
// the Dashboard's search finds, loaded or not (the server names them), as many as one bulk post takes; a listing
// posted, sold or ended meanwhile drops out of the choice once its row or the server says so.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { Listing, ListingStatus } from '../../../api/contract/listing.ts'
import { readyListingIdsQuery, type ListingSearchView } from '../../queries/listing-queries.ts'

export interface ShownRow {
  listing: Listing
  status: ListingStatus
}

export function useReadySelection(search: ListingSearchView, rows: ShownRow[] | undefined) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set())
  const shownReady = rows?.flatMap((row) => (row.status === 'ready' ? [row.listing.id] : [])) ?? []
  // Asked for only while ready rows show (a Live or Sold filter has none to choose).
  const server = useQuery({ ...readyListingIdsQuery(search), enabled: shownReady.length > 0 })
  const allReady = server.data?.ids ?? shownReady
  const notReady = new Set(rows?.flatMap((row) => (row.status === 'ready' ? [] : [row.listing.id])))
  const ready = new Set([...shownReady, ...allReady].filter((id) => !notReady.has(id)))
  const allChosen = allReady.length > 0 && allReady.every((id) => selected.has(id))
  const total = server.data?.total ?? shownReady.length
  return {
    /** Whether any ready listing shows: the rows then have a checkbox column and 'Select all ready' shows. */
    anyShown: shownReady.length > 0,
    /** How many ready listings the search finds in all. */
    total,
    /** The chosen listings that are still ready (to post). */
    chosen: [...selected].filter((id) => ready.has(id)),
    /** Every listing chosen, whatever its status (for a bulk action, decision 0038). */
    picked: [...selected],
    allChosen,
    /** Ready listings beyond what one bulk post takes, left for the next. */
    beyond: allChosen ? total - allReady.length : 0,
    isSelected: (id: number) => selected.has(id),
    select: (id: number, on: boolean) =>
      setSelected((before) => {
        const after = new Set(before)
        if (on) after.add(id)
        else after.delete(id)
        return after
      }),
    toggleAll: () => setSelected(allChosen ? new Set() : new Set([...selected, ...allReady])),
    clear: () => setSelected(new Set()),
  }
}
