// The confirm before ending a listing on a marketplace (docs/product.md §4): ending takes it off there at once; Relist
// puts it back. The same for every marketplace (decision 0063).
import type { Listing } from '../../../api/contract/listing.ts'
import { SOLD_ON_LABELS } from '../../../api/contract/listing-status.ts'
import type { Platform } from '../../../api/contract/marketplace-paths.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { usePlaceChange } from './lifecycle-queries.ts'

export interface Ending {
  listing: Listing
  marketplace: Platform
}

export function EndDialog({ ending, onClose }: { ending: Ending; onClose: () => void }) {
  const { listing, marketplace } = ending
  const where = SOLD_ON_LABELS[marketplace]
  const end = usePlaceChange('end')
  return (
    <Dialog open onClose={onClose} title={`End this listing on ${where}?`}>
      <p className="text-sm text-slate-600">
        “{listing.title}” will no longer be for sale on {where}. It stays on Snaplist, and Relist puts it back up.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={end.isPending}
          onClick={() => end.mutate({ id: listing.id, marketplace }, { onSettled: onClose })}
        >
          {end.isPending ? 'Ending...' : `End on ${where}`}
        </Button>
      </div>
    </Dialog>
  )
}
