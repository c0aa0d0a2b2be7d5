// Choosing listings to post or change many at once (docs/product.md §17, decision 0038): 'Select all ready (N)' above
// Your Listings, and at its foot, while any are chosen, Clear, Change N… and Post N (to every connected marketplace), kept in view as the list scrolls. Snaplist queues them all and posts them fairly beside other sellers' (decision
// 0023), so only more than one seller may have waiting at once is refused here.
import { Link } from '@tanstack/react-router'
import { BULK_POST_QUEUE_MAX } from '../../../api/contract/bulk-post-max.ts'
import { LABELS_MAX } from '../../../api/contract/labels.ts'
import { Button, buttonClass } from '../../components/ui/Button.tsx'

export function BulkSelectionBar({
  chosen,
  picked,
  online,
  onClear,
  onPost,
  onChange,
}: {
  /** The ready ones among those picked: what can be posted. */
  chosen: number[]
  /** Every listing picked, in any status. */
  picked: number[]
  online: boolean
  onClear: () => void
  onPost: () => void
  /** Opens the bulk action dialog (price, quantity, end, delete). */
  onChange: () => void
}) {
  const tooMany = chosen.length > BULK_POST_QUEUE_MAX
  return (
    // Kept within the panel's padding: a sticky element stays inside its parent, so a negative margin would lift it over the list.
    <div className="sticky bottom-0 z-10 -mx-5 mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-slate-200 bg-white/95 px-5 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur">
      {tooMany && <p className="w-full text-sm text-amber-900">Post at most {BULK_POST_QUEUE_MAX} listings at once.</p>}
      <Button variant="secondary" onClick={onClear}>
        Clear
      </Button>
      {/* Changes are made by the server: offline they wait for the connection rather than queue on the phone. */}
      <Button variant="secondary" className="flex-1 sm:flex-none" disabled={!online} onClick={onChange}>
        Change {picked.length}…
      </Button>
      {/* A sheet of labels to print (the first LABELS_MAX of a larger choice), read from the server. */}
      {online ? (
        <Link
          to="/labels"
          search={{ ids: picked.slice(0, LABELS_MAX).join(',') }}
          className={buttonClass('secondary', 'flex-1 sm:flex-none')}
        >
          Labels
        </Link>
      ) : (
        <Button variant="secondary" className="flex-1 sm:flex-none" disabled>
          Labels
        </Button>
      )}
      {chosen.length > 0 && (
        <Button className="flex-1 sm:flex-none" disabled={tooMany || !online} onClick={onPost}>
          Post {chosen.length}
        </Button>
      )}
      {!online && (
        <p className="w-full text-sm text-slate-600">
          Posting or changing many listings at once, and labels, need a connection.
        </p>
      )}
    </div>
  )
}
