// Your Listings: one row per listing with its thumbnail, title and price, and the Preview, Delete, Post to eBay
// and (disabled, Coming Soon) Etsy actions. The eBay badge replaces Post once the listing is live there.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { isPostedToEbay, thumbnailUrl, type Listing } from '../../../api/contract/listing.ts'
import { ShowMore } from '../../components/ShowMore.tsx'
import { Spinner } from '../../components/Spinner.tsx'
import { Button, buttonClass } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { useOnline } from '../../hooks/useOnline.ts'
import { usePaged } from '../../hooks/usePaged.ts'
import { errorMessage } from '../../lib/api.ts'
import { listingsQuery, useDeleteListing } from '../../queries/listings.ts'
import { marketplaceConnectionsQuery } from '../../queries/marketplaces.ts'
import { PostToEbayDialog } from './PostToEbayDialog.tsx'
import { PreviewDialog } from './PreviewDialog.tsx'

/** Rows rendered at first and added per page: a phone screen holds about four, so this is several screens ahead. */
const LISTINGS_PAGE_SIZE = 24

function EmptyState() {
  return (
    <div className="mt-6 flex flex-col items-center gap-3 py-6 text-center">
      <p className="font-medium text-slate-900">No listings yet</p>
      <p className="max-w-sm text-sm text-slate-600">Photograph your first item and Snaplist will help you fill in the listing.</p>
      <Link to="/list-item" className={buttonClass('secondary')}>
        Create your first listing
      </Link>
    </div>
  )
}

function ListingRow({ listing, onPreview, onPost, onDelete }: { listing: Listing; onPreview: () => void; onPost: () => void; onDelete: () => void }) {
  const first = listing.images[0]
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {first ? (
          <img src={thumbnailUrl(first)} alt="" width={64} height={64} loading="lazy" decoding="async" className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover" />
        ) : (
          <div className="h-16 w-16 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{listing.title}</p>
          <p className="text-sm text-slate-600">${listing.price}</p>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:justify-end">
        <Button variant="secondary" onClick={onPreview} aria-label={`Preview ${listing.title}`}>Preview</Button>
        <Button variant="secondary" onClick={onDelete} aria-label={`Delete ${listing.title}`}>Delete</Button>
        {isPostedToEbay(listing) ? (
          <span className="inline-flex min-h-11 items-center justify-center rounded-lg bg-emerald-50 px-3 text-sm font-semibold text-emerald-800">eBay</span>
        ) : (
          <Button onClick={onPost} aria-label={`Post to eBay: ${listing.title}`}>Post to eBay</Button>
        )}
        <Button variant="secondary" disabled title="Publishing to Etsy is coming soon">
          Etsy (Coming Soon)
        </Button>
      </div>
    </li>
  )
}

export function ListingsPanel() {
  const online = useOnline()
  const listings = useQuery(listingsQuery)
  const paged = usePaged(listings.data ?? [], LISTINGS_PAGE_SIZE)
  const deleteListing = useDeleteListing()
  const connections = useQuery(marketplaceConnectionsQuery)
  const ebayConnected = connections.data?.some((connection) => connection.platform === 'ebay' && connection.connected) ?? false
  const [previewing, setPreviewing] = useState<Listing | null>(null)
  const [posting, setPosting] = useState<Listing | null>(null)
  const [deleting, setDeleting] = useState<Listing | null>(null)

  return (
    <section aria-labelledby="listings-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="listings-heading" className="text-lg font-semibold text-slate-900">
        Your Listings
      </h2>
      {listings.isPending && (
        <div className="flex justify-center py-10">
          <Spinner label="Loading your listings" />
        </div>
      )}
      {listings.isError &&
        (online ? (
          <p className="mt-4 text-sm text-red-700">Your listings could not be loaded: {errorMessage(listings.error)}. Reload the page to try again.</p>
        ) : (
          <p className="mt-4 text-sm text-slate-600">You are offline. Your listings will show again when you are back online; new drafts are kept on this phone.</p>
        ))}
      {listings.data?.length === 0 && <EmptyState />}
      {listings.data && listings.data.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100">
          {paged.visible.map((listing) => (
            <ListingRow key={listing.id} listing={listing} onPreview={() => setPreviewing(listing)} onPost={() => setPosting(listing)} onDelete={() => setDeleting(listing)} />
          ))}
        </ul>
      )}
      <ShowMore shown={paged.shown} total={paged.total} noun="listings" onMore={paged.showMore} />
      <PreviewDialog listing={previewing} onClose={() => setPreviewing(null)} />
      <PostToEbayDialog listing={posting} ebayConnected={ebayConnected} onClose={() => setPosting(null)} />
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} title="Delete this listing?">
        <p className="text-sm text-slate-600">“{deleting?.title}” and its photos will be deleted from Snaplist. This cannot be undone.</p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setDeleting(null)}>Cancel</Button>
          <Button
            variant="danger"
            disabled={deleteListing.isPending}
            onClick={() => deleting && deleteListing.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
          >
            {deleteListing.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
