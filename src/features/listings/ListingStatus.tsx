// A listing row's status (docs/product.md §4): the badge (Ready, Live on eBay, Sold, Ended) and, when this phone holds
// an edit of it the server does not have yet, what that edit is doing.
import { STATUS_LABELS, type ListingStatus } from '../../../api/contract/listing.ts'
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

export function StatusBadge({ status }: { status: ListingStatus }) {
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_STYLE[status]}`}>
      {STATUS_LABELS[status]}
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
