// Your Listings: one compact row per listing (ListingRow.tsx; a phone screen shows about six). The Dashboard's search,
// status filter and sort choose the rows, which the server sends a page at a time; Preview, Post to, End on or Relist
// on each marketplace, Relist… on a sold row and Delete open their dialogs from a row, Sell similar opens New Listing. Every
// row has a checkbox; 'Select all ready' and 'Post N' post many at once (docs/product.md §17), 'Change N…'
// changes them (docs/decisions/0038). Under the heading, when the sales were last read, and Check sales
// (SalesChecked.tsx).
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useMemo, useState, type ComponentType, type MouseEvent } from 'react'
import type { Listing } from '../../../api/contract/listing.ts'
import { listingStatus } from '../../../api/contract/listing-status.ts'
import { MARKETPLACE_PATHS, type Platform } from '../../../api/contract/marketplace-paths.ts'
import type { BulkPostLauncherProps } from '../../components/post-dialogs.ts'
import { ShowMore } from '../../components/ui/ShowMore.tsx'
import { Spinner } from '../../components/ui/Spinner.tsx'
import { buttonClass } from '../../components/ui/Button.tsx'
import { useOnline } from '../../hooks/useOnline.ts'
import { errorMessage } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { uuid } from '../../lib/uuid.ts'
import { listingSearchQuery, loadedListings, type ListingSearchView } from '../../queries/listing-queries.ts'
import { usePhoneState } from '../../lib/phone-state.ts'
import { deferred } from '../../lib/deferred.tsx'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'
import type { Ending } from './EndDialog.tsx'
import { hasRevisionUnderWay, REVISION_REFRESH_MS, usePlaceChange } from './lifecycle-queries.ts'
import { SelectAllReady } from './SelectAllReady.tsx'
import { useReadySelection, type ShownRow } from './useReadySelection.ts'
import { ListingRow } from './ListingRow.tsx'

// Its form (react-hook-form and the contract's checks) loads on the first Sold elsewhere tap, not with the Dashboard.
const SoldElsewhereDialog = lazy(async () => ({
  default: (await import('./SoldElsewhereDialog.tsx')).SoldElsewhereDialog,
}))
// So does the bulk action dialog, on the first Change N… tap, and each confirm and the preview on their first tap.
// Shown once a listing is picked.
const BulkSelectionBar = lazy(async () => ({ default: (await import('./BulkSelectionBar.tsx')).BulkSelectionBar }))
const BulkActionDialog = lazy(async () => ({ default: (await import('./BulkActionDialog.tsx')).BulkActionDialog }))
const RelistSoldDialog = lazy(async () => ({ default: (await import('./RelistSoldDialog.tsx')).RelistSoldDialog }))
const PreviewDialog = lazy(async () => ({ default: (await import('./PreviewDialog.tsx')).PreviewDialog }))
const EndDialog = lazy(async () => ({ default: (await import('./EndDialog.tsx')).EndDialog }))
const DeleteListingDialog = lazy(async () => ({
  default: (await import('./DeleteListingDialog.tsx')).DeleteListingDialog,
}))

// When the sales were last read, and reading them now: after the first screen, as the rows come first.
const SalesChecked = deferred(async () => (await import('./SalesChecked.tsx')).SalesChecked)

/** A dialog about one listing, there while the listing is set: its code loads when it first opens. */
function OpenedDialog({
  dialog: ListingDialog,
  listing,
  onClose,
}: {
  dialog: ComponentType<{ listing: Listing; onClose: () => void }>
  listing: Listing | null
  onClose: () => void
}) {
  if (!listing) return null
  return (
    <Suspense fallback={null}>
      <ListingDialog listing={listing} onClose={onClose} />
    </Suspense>
  )
}

// The loading state and the empty one take the same box, so the panel does not grow when the answer arrives and the
// panels below it do not move (CLS 0 on the Dashboard, docs/decisions/0014).
const STATE_BOX = 'mt-6 flex min-h-52 flex-col items-center justify-center py-6'

// One short line: the empty state draws after the list's answer, so text larger than what the server painted would make
// it the page's largest paint, 2 s later on a slow phone (the Lighthouse test's LCP 1.5 s).
function EmptyState() {
  return (
    <div className={`${STATE_BOX} gap-3 text-center`}>
      <p className="font-medium text-slate-900">No listings yet</p>
      <p className="max-w-sm text-sm text-slate-600">Snap an item and the AI fills in its listing.</p>
      <Link to="/list-item" className={buttonClass('secondary')}>
        Create your first listing
      </Link>
    </div>
  )
}

/** The listings the Dashboard's search, filter and sort choose (a page at a time), each with its status. */
interface ShownListings {
  rows: ShownRow[]
  /** How many match in all, loaded or not. */
  total: number
  /** Whether any listing exists at all (else the empty state shows instead). */
  any: boolean
}

interface ListingsPanelProps {
  search: ListingSearchView
  /** The bulk post, another feature's, which the Dashboard brings. */
  BulkPost: ComponentType<BulkPostLauncherProps>
}

/**
 * Posting is the marketplace's and the server's work, and its dialog's code is not kept on the phone (vite.config.ts
 * ONLINE_ONLY): offline, a Post tap says so instead of opening it.
 */
const notifyPostNeedsSignal = (marketplace: Platform) =>
  notify(
    'You are offline',
    `Posting to ${MARKETPLACE_PATHS[marketplace].name} needs a connection: try again once you are back online.`,
    'error',
  )

export function ListingsPanel({ search, BulkPost }: ListingsPanelProps) {
  const online = useOnline()
  const listings = useInfiniteQuery({
    ...listingSearchQuery(search),
    // The rows of the last search stay until the next one's arrive, so the list does not blink at each word typed.
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      hasRevisionUnderWay(loadedListings(query.state.data?.pages)) ? REVISION_REFRESH_MS : false,
  })
  const pages = listings.data?.pages
  const shown = useMemo((): ShownListings | undefined => {
    const counts = pages?.[0]?.counts
    if (!pages || !counts) return undefined
    const rows = pages.flatMap((page) => page.listings).map((listing) => ({ listing, status: listingStatus(listing) }))
    return { rows, total: pages[0]!.total, any: counts.ready + counts.live + counts.sold + counts.ended > 0 }
  }, [pages])
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = listings
  const showMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage])
  const { edits } = usePhoneState()
  const navigate = useNavigate()
  /** Opens the edit in the app (a modified click opens a new tab, as any link does). */
  const editOf = (id: number) => (event: MouseEvent) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
    event.preventDefault()
    void navigate({ to: '/list-item', search: { edit: id } })
  }
  const [previewing, setPreviewing] = useState<Listing | null>(null)
  // The listing whose Post dialog is open, and on which marketplace.
  const [posting, setPosting] = useState<{ listing: Listing; on: Platform } | null>(null)
  // One opener per marketplace, the same on every render (a dialog's effects depend on it).
  const postOn = useMemo(
    () =>
      new Map(
        MARKETPLACE_WINGS.map(({ id }) => [
          id,
          (listing: Listing | null) => setPosting(listing && { listing, on: id }),
        ]),
      ),
    [],
  )
  const loaded = useMemo(() => loadedListings(pages), [pages])
  const [deleting, setDeleting] = useState<Listing | null>(null)
  const [ending, setEnding] = useState<Ending | null>(null)
  const [soldElsewhere, setSoldElsewhere] = useState<Listing | null>(null)
  const [relisting, setRelisting] = useState<Listing | null>(null)
  const relist = usePlaceChange('relist')
  // The listings to post many at once.
  const [bulk, setBulk] = useState<number[] | null>(null)
  const selection = useReadySelection(search, shown?.rows)
  // The listings being changed at once (a bulk action), while its dialog is open.
  const [changing, setChanging] = useState(false)

  return (
    <section
      aria-labelledby="listings-heading"
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      {/* Select all ready beside the heading, not under it: a phone shows a whole row under the Dashboard's top. */}
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-3">
        <h2 id="listings-heading" className="text-lg font-semibold text-slate-900">
          Your Listings
        </h2>
        {selection.anyShown && (
          <SelectAllReady
            ready={selection.total}
            chosen={selection.picked.length}
            allChosen={selection.allChosen}
            beyond={selection.beyond}
            onToggle={selection.toggleAll}
          />
        )}
      </div>
      <SalesChecked />
      {listings.isPending && (
        <div className={STATE_BOX}>
          <Spinner label="Loading your listings" />
        </div>
      )}
      {/* Offline, what the phone last saw may be there instead (last-seen.ts): then it shows, not the failure. */}
      {listings.isError &&
        !listings.data &&
        (online ? (
          <p className="mt-4 text-sm text-red-700">
            Your listings could not be loaded: {errorMessage(listings.error)}. Reload the page to try again.
          </p>
        ) : (
          <p className="mt-4 text-sm text-slate-600">
            You are offline. Your listings will show again when you are back online; new drafts are kept on this phone.
          </p>
        ))}
      {shown?.any === false && <EmptyState />}
      {shown?.any && shown.rows.length === 0 && <p className="mt-4 text-sm text-slate-600">No listings match.</p>}
      {shown && shown.rows.length > 0 && (
        <ul className="mt-1 divide-y divide-slate-100">
          {shown.rows.map(({ listing, status }) => (
            <ListingRow
              key={listing.id}
              listing={listing}
              status={status}
              edit={edits.get(listing.id)}
              selectable
              selected={selection.isSelected(listing.id)}
              onSelect={(on) => selection.select(listing.id, on)}
              onEdit={editOf(listing.id)}
              onPreview={() => setPreviewing(listing)}
              onPost={(on) => (online ? setPosting({ listing, on }) : notifyPostNeedsSignal(on))}
              onDelete={() => setDeleting(listing)}
              onEnd={(marketplace) => setEnding({ listing, marketplace })}
              onRelist={(marketplace) => relist.mutate({ id: listing.id, marketplace })}
              onSoldElsewhere={() => setSoldElsewhere(listing)}
              onRelistSold={() => setRelisting(listing)}
              onSellSimilar={() =>
                void navigate({ to: '/list-item', search: { draft: uuid() }, state: { similarTo: listing.id } })
              }
            />
          ))}
        </ul>
      )}
      {shown && <ShowMore shown={shown.rows.length} total={shown.total} noun="listings" onMore={showMore} />}
      {selection.picked.length > 0 && (
        <Suspense fallback={null}>
          <BulkSelectionBar
            chosen={selection.chosen}
            picked={selection.picked}
            online={online}
            onClear={selection.clear}
            onPost={() => setBulk(selection.chosen)}
            onChange={() => setChanging(true)}
          />
        </Suspense>
      )}
      {changing && (
        <Suspense fallback={null}>
          <BulkActionDialog
            chosen={selection.picked}
            search={search}
            matching={shown?.total ?? 0}
            onClose={() => {
              setChanging(false)
              selection.clear()
            }}
          />
        </Suspense>
      )}
      {/* Each marketplace's Post dialog, from its wing (src/marketplaces/registry.ts). */}
      {MARKETPLACE_WINGS.map(({ id, PostDialog }) => (
        <PostDialog
          key={id}
          listings={loaded}
          listing={posting?.on === id ? posting.listing : null}
          onPosting={postOn.get(id)!}
        />
      ))}
      <BulkPost
        bulk={bulk}
        onBulkClosed={() => {
          setBulk(null)
          selection.clear()
        }}
      />
      <OpenedDialog dialog={PreviewDialog} listing={previewing} onClose={() => setPreviewing(null)} />
      {ending && (
        <Suspense fallback={null}>
          <EndDialog ending={ending} onClose={() => setEnding(null)} />
        </Suspense>
      )}
      <OpenedDialog dialog={SoldElsewhereDialog} listing={soldElsewhere} onClose={() => setSoldElsewhere(null)} />
      <OpenedDialog dialog={RelistSoldDialog} listing={relisting} onClose={() => setRelisting(null)} />
      <OpenedDialog dialog={DeleteListingDialog} listing={deleting} onClose={() => setDeleting(null)} />
    </section>
  )
}
