// The confirm before deleting a listing (docs/product.md §7). One live on a marketplace that ends it there first says
// so in that marketplace's words (its wing's deleting part, docs/decisions/0023).
import type { Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'
import { useDeleteListing } from '../../queries/listing-queries.ts'

export function DeleteListingDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const deleteListing = useDeleteListing()
  const ending = listing && MARKETPLACE_WINGS.find((wing) => wing.deleting?.ends(listing))?.deleting
  return (
    <Dialog open={listing !== null} onClose={onClose} title="Delete this listing?">
      {listing && ending ? (
        <div className="space-y-2 text-sm text-slate-600">
          {ending.note(listing.title).map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
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
          {deleteListing.isPending ? 'Deleting...' : (ending?.confirm ?? 'Delete')}
        </Button>
      </div>
    </Dialog>
  )
}
