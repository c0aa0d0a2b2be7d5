// The confirm before ending a listing on eBay (docs/product.md §4): ending takes it off eBay at once; Relist puts it back.
import type { Listing } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { useEbayLifecycle } from './ebay-lifecycle-queries.ts'

export function EndOnEbayDialog({ listing, onClose }: { listing: Listing | null; onClose: () => void }) {
  const end = useEbayLifecycle('end-on-ebay')
  return (
    <Dialog open={listing !== null} onClose={onClose} title="End this listing on eBay?">
      <p className="text-sm text-slate-600">
        “{listing?.title}” will no longer be for sale on eBay. It stays on Snaplist, and Relist puts it back up.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={end.isPending}
          onClick={() => listing && end.mutate(listing.id, { onSettled: onClose })}
        >
          {end.isPending ? 'Ending...' : 'End on eBay'}
        </Button>
      </div>
    </Dialog>
  )
}
