// The confirm before deleting a listing (docs/product.md §7). One live on eBay says so: deleting ends it on eBay first,
// and a sale made there before it ended keeps it on Snaplist as sold (docs/decisions/0023). Keeping it for sale on eBay
// while Snaplist forgets it is not offered: a sale of it would then be seen nowhere.
import { isPostedToEbay, type Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { useDeleteListing } from '../../queries/listing-queries.ts'

export function DeleteListingDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const deleteListing = useDeleteListing()
  const live = listing !== null && isPostedToEbay(listing)
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Delete this listing?">
      {live ? (
        <div className="space-y-2 text-sm text-slate-600">
          <p>
            “{listing.title}” is live on eBay. Deleting ends it on eBay first, then deletes it and its photos from
            Snaplist. This cannot be undone.
          </p>
          <p>If it sells on eBay before it has ended, it stays here as sold, so you can ship it.</p>
          <p>To keep it for sale on eBay, keep it on Snaplist: Snaplist tracks its sales.</p>
        </div>
      ) : (
        <p className="text-sm text-slate-600">
          “{listing?.title}” and its photos will be deleted from Snaplist. This cannot be undone.
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={deleteListing.isPending}
          onClick={() => listing && deleteListing.mutate(listing.id, { onSettled: onClose })}
        >
          {deleteListing.isPending ? 'Deleting...' : live ? 'End on eBay and delete' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  )
}
