// Create New Listing (docs/product.md §2) over a draft on this phone: /list-item?draft=<id> edits that draft; without one (New
// Listing), a new draft id is made every time and put in the address, so a reload (or a phone that kills the tab)
// comes back to the same draft, and New Listing tapped again starts another one; the unfinished one waits on the
// Dashboard under Drafts, where Edit opens it again. /list-item?edit=<listing id> (a listing row's Edit) opens the
// listing's unfinished edit on this phone, or starts one from the listing, and puts that draft in the address beside it.
// A row's Sell similar opens /list-item?draft=<new id> with the listing it is like in the history entry's state
// (`similarTo`, declared in src/router.tsx): that draft is made from the listing, and a reload finds it.
import { onlineManager, useQueryClient } from '@tanstack/react-query'
import { getRouteApi, Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { useCallback, useEffect, useState } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import { buttonClass } from '../../components/ui/Button.tsx'
import { FullPageSpinner } from '../../components/ui/Spinner.tsx'
import { useDraft, useDraftStore } from './useDrafts.ts'
import { uuid } from '../../lib/uuid.ts'
import { hasCode } from '../../lib/api.ts'
import { cachedListings, listingQuery } from '../../queries/listing-cache.ts'
import { deferred } from '../../lib/deferred.tsx'
import { useOnline } from '../../hooks/useOnline.ts'
import { ListingForm } from './ListingForm.tsx'

// An edited listing's floor (decision 0075) is the server's: read once the form is on screen, its code apart.
const ListingFloor = deferred(async () => (await import('../../components/ListingFloor.tsx')).ListingFloor)

const route = getRouteApi('/signed-in/list-item')

function OpenDraft({ draftId }: { draftId: string }) {
  const view = useDraft(draftId)
  // Its code is not kept on the phone (vite.config.ts ONLINE_ONLY): offline the form stands alone, and the floor
  // comes with the signal.
  const online = useOnline()
  if (view === undefined) return <FullPageSpinner label="Opening draft" />
  const editOf = view?.draft.editOf
  return (
    <>
      <ListingForm draftId={draftId} view={view} />
      {editOf && online && (
        <div className="mx-auto mt-4 w-full max-w-3xl rounded-2xl border border-slate-200 bg-white p-5">
          <ListingFloor listingId={editOf.listingId} />
        </div>
      )}
    </>
  )
}

/**
 * The listing as the server has it now, or (offline, or the server out of reach) as the Dashboard last showed it;
 * undefined when it is gone. One listing is asked for, never the seller's whole inventory.
 */
function useFreshListing(): (id: number) => Promise<Listing | undefined> {
  const queryClient = useQueryClient()
  const lastSeen = useCallback(
    (id: number) => cachedListings(queryClient).find((candidate) => candidate.id === id),
    [queryClient],
  )
  // Offline a fetch would wait for the network (the query's network mode), so what the Dashboard loaded answers.
  return useCallback(
    async (id: number) => {
      if (!onlineManager.isOnline()) return lastSeen(id)
      try {
        return await queryClient.fetchQuery(listingQuery(id))
      } catch (error) {
        return hasCode(error, 'not_found') ? undefined : lastSeen(id)
      }
    },
    [queryClient, lastSeen],
  )
}

/** Where a listing that could not be read leaves the seller. */
function ListingMissing() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <p className="font-medium text-slate-900">This listing could not be opened.</p>
      <p className="text-sm text-slate-600">
        It was deleted, or this phone has not seen it yet: open the Dashboard while online, then try again.
      </p>
      <Link to="/" className={buttonClass('secondary')}>
        Go to Dashboard
      </Link>
    </div>
  )
}

function OpenEdit({ listingId }: { listingId: number }) {
  const navigate = useNavigate()
  const drafts = useDraftStore()
  const freshListing = useFreshListing()
  const [missing, setMissing] = useState(false)
  useEffect(() => {
    let current = true
    void (async () => {
      const listing = await freshListing(listingId)
      if (!current) return
      if (!listing) return setMissing(true)
      const draft = await drafts.startEdit(listing, uuid)
      if (current) void navigate({ to: '/list-item', search: { draft, edit: listingId }, replace: true })
    })()
    return () => {
      current = false
    }
  }, [listingId, drafts, navigate, freshListing])
  return missing ? <ListingMissing /> : <FullPageSpinner label="Opening listing" />
}

/**
 * Sell similar (issue 47): the new draft, its id in the address and the listing it is like in the history entry's
 * state, made from that listing (online or not) unless it exists already (a reload), then opened as any draft is.
 */
function OpenSimilar({ listingId, draftId }: { listingId: number; draftId: string }) {
  const drafts = useDraftStore()
  const freshListing = useFreshListing()
  const [state, setState] = useState<'opening' | 'made' | 'missing'>('opening')
  useEffect(() => {
    let current = true
    void (async () => {
      // Made already (the screen opened again after a reload, offline too): the listing is not needed again.
      const made = (await drafts.get(draftId)) !== undefined
      const listing = made ? undefined : await freshListing(listingId)
      if (listing) await drafts.startSimilar(listing, draftId, uuid)
      if (current) setState(made || listing ? 'made' : 'missing')
    })()
    return () => {
      current = false
    }
  }, [listingId, draftId, drafts, freshListing])
  if (state === 'missing') return <ListingMissing />
  return state === 'made' ? <OpenDraft draftId={draftId} /> : <FullPageSpinner label="Opening listing" />
}

export function ListItemScreen() {
  const { draft: requested, edit } = route.useSearch()
  const similarTo = useRouterState({ select: (router) => router.location.state.similarTo })
  const navigate = useNavigate()
  useEffect(() => {
    if (!requested && edit === undefined) void navigate({ to: '/list-item', search: { draft: uuid() }, replace: true })
  }, [requested, edit, navigate])
  if (requested && similarTo !== undefined)
    return <OpenSimilar key={requested} listingId={similarTo} draftId={requested} />
  if (!requested && edit !== undefined) return <OpenEdit listingId={edit} />
  if (!requested) return <FullPageSpinner label="Opening draft" />
  // Keyed: a new draft id mounts afresh, so nothing of the previous draft (its fields, its photos) carries over.
  return <OpenDraft key={requested} draftId={requested} />
}
