// A listing row's status (docs/product.md §4): the badge (Ready, Live on <where> · <where>, Sold, Ended) and, when this
// phone holds an edit of it the server does not have yet, what that edit is doing.
import type { Listing } from '../../../api/contract/listing.ts'
import { liveOn, STATUS_LABELS, type ListingStatus } from '../../../api/contract/listing-status.ts'
import type { DraftStatus } from '../../offline/draft-status.ts'

const BADGE_STYLE: Record<ListingStatus, string> = {
  ready: 'bg-slate-100 text-slate-700',
  live: 'bg-emerald-50 text-emerald-800',
  sold: 'bg-indigo-50 text-indigo-800',
  ended: 'bg-amber-50 text-amber-900',
}

const EDIT_STYLE: Partial<Record<DraftStatus['kind'], string>> = {
  conflict: 'text-amber-900',
  failed: 'text-red-700',
}

/**
 * "Live on <marketplace>", or live on several: "Live", the places said to a screen reader and shown by the row's
 * marketplaces' pills and lines, so the status line holds one line and six rows fit a phone's screen.
 */
export function StatusBadge({ listing, status }: { listing: Listing; status: ListingStatus }) {
  const where = status === 'live' ? liveOn(listing) : []
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_STYLE[status]}`}>
      {STATUS_LABELS[status]}
      {where.length > 0 && <span className={where.length > 1 ? 'sr-only' : undefined}> on {where.join(' · ')}</span>}
    </span>
  )
}

export function EditState({ edit }: { edit: DraftStatus }) {
  return (
    <p role="status" className={`truncate text-xs font-medium ${EDIT_STYLE[edit.kind] ?? 'text-slate-600'}`}>
      {edit.text}
    </p>
  )
}
