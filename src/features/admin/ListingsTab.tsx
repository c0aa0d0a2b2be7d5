// All Listings, 20 a page: id, title, price and the first photo per row, Delete, and Previous/Next paging with the
// page count and total (X-Total-Count) whose page lives in the URL (?page=N), so a reload or a shared link shows the
// same page.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ADMIN_PAGE_SIZE, type AdminListing } from '../../../api/contract/admin.ts'
import { listedPrice } from '../../../api/contract/listing-status.ts'
import { thumbnailOf } from '../../../api/contract/photos.ts'
import { Button } from '../../components/ui/Button.tsx'
import { DataTable, type Column } from '../../components/ui/DataTable.tsx'
import { adminListingsQuery, useDeleteAnyListing } from './admin-queries.ts'
import { ConfirmDelete } from './ConfirmDelete.tsx'
import { Loaded } from './Loaded.tsx'

function Thumbnail({ listing }: { listing: AdminListing }) {
  const first = listing.photo
  if (!first) return <div className="h-12 w-12 rounded-lg bg-slate-100" aria-hidden="true" />
  return (
    <img
      src={thumbnailOf(first)}
      alt=""
      width={48}
      height={48}
      loading="lazy"
      decoding="async"
      className="h-12 w-12 rounded-lg bg-slate-100 object-cover"
    />
  )
}

// Phone card: the photo on the left, the details in the middle, the action on the right.
const PHONE_GRID = 'max-sm:grid-cols-[auto_minmax(0,1fr)_auto]'
const TEXT_CELL = 'max-sm:col-start-2'
const SIDE_CELL = 'max-sm:row-span-3 max-sm:row-start-1'

function columns(onDelete: (listing: AdminListing) => void): Column<AdminListing>[] {
  return [
    {
      header: 'Photo',
      labelOnPhone: false,
      phoneCell: `max-sm:col-start-1 ${SIDE_CELL}`,
      className: 'sm:w-16',
      cell: (listing) => <Thumbnail listing={listing} />,
    },
    {
      header: 'ID',
      cell: (listing) => listing.id,
      phoneCell: TEXT_CELL,
      className: 'sm:w-16 tabular-nums text-slate-500',
    },
    {
      header: 'Title',
      phoneCell: TEXT_CELL,
      labelOnPhone: false,
      cell: (listing) => (
        <span>
          <span className="font-medium wrap-anywhere text-slate-900">{listing.title}</span>
          <span className="block text-xs wrap-anywhere text-slate-500">by {listing.ownerUsername}</span>
        </span>
      ),
    },
    // What the listing sells at (the seller's Price), as the seller's Dashboard shows it; not the retail reference.
    {
      header: 'Price',
      cell: (listing) => `$${listedPrice(listing).value.toFixed(2)}`,
      phoneCell: TEXT_CELL,
      className: 'sm:w-24 tabular-nums',
    },
    {
      header: 'Actions',
      labelOnPhone: false,
      phoneCell: `max-sm:col-start-3 ${SIDE_CELL}`,
      className: 'sm:w-32 sm:text-right',
      cell: (listing) => (
        <Button variant="secondary" onClick={() => onDelete(listing)} aria-label={`Delete listing ${listing.title}`}>
          Delete
        </Button>
      ),
    },
  ]
}

function Pager({
  page,
  total,
  loading,
  onPage,
}: {
  page: number
  total: number
  loading: boolean
  onPage: (page: number) => void
}) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))
  return (
    <nav
      aria-label="Listing pages"
      className="mt-4 flex items-center justify-between gap-3 border-t border-slate-100 pt-4"
    >
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-600" aria-live="polite">
        Page {page} of {pages} · {total} {total === 1 ? 'listing' : 'listings'}
      </span>
      <Button variant="secondary" disabled={loading || page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  )
}

export function ListingsTab({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const listings = useQuery({ ...adminListingsQuery(page), placeholderData: keepPreviousData })
  const deleteListing = useDeleteAnyListing()
  const [deleting, setDeleting] = useState<AdminListing | null>(null)

  return (
    <>
      <Loaded query={listings} what="listings">
        {({ rows, total }) => (
          // While the next page loads, the current one stays, dimmed, instead of a spinner that would make the page jump.
          <div aria-busy={listings.isPlaceholderData} className={listings.isPlaceholderData ? 'opacity-60' : undefined}>
            {rows.length === 0 ? (
              <p className="py-8 text-center text-sm text-slate-600">
                {page === 1 ? 'No listings yet.' : 'No listings on this page.'}
              </p>
            ) : (
              <DataTable
                caption={`All listings, page ${page}`}
                phoneGrid={PHONE_GRID}
                columns={columns(setDeleting)}
                rows={rows}
                rowKey={(listing) => listing.id}
              />
            )}
            <Pager page={page} total={total} loading={listings.isPlaceholderData} onPage={onPage} />
          </div>
        )}
      </Loaded>
      <ConfirmDelete
        target={deleting}
        remove={deleteListing}
        title="Delete this listing?"
        confirmLabel="Delete listing"
        onClose={() => setDeleting(null)}
      >
        {(listing) => (
          <p>
            “{listing.title}” by {listing.ownerUsername} will be deleted with its photos. This cannot be undone.
          </p>
        )}
      </ConfirmDelete>
    </>
  )
}
