// How far a bulk action has got ("Changing prices: 340 of 1,000"), and once done, what was left as it was and each
// listing a marketplace refused, in the marketplace's words (docs/decisions/0038).
import type { BulkActionKind, BulkActionView } from '../../../api/contract/bulk-actions.ts'
import { Button } from '../../components/ui/Button.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useBulkActionProgress } from './bulk-action-queries.ts'

const DOING: Record<BulkActionKind, string> = {
  price: 'Changing prices',
  quantity: 'Changing quantities',
  end: 'Ending listings',
  delete: 'Deleting listings',
}

const count = (n: number) => n.toLocaleString('en-US')

export function BulkActionProgress({ sent, onClose }: { sent: BulkActionView; onClose: () => void }) {
  const { view, error } = useBulkActionProgress(sent)
  const changed = view.finished - view.unchanged - view.failures.length
  return (
    <div className="flex flex-col gap-3 text-sm text-slate-800">
      <p aria-live="polite" className="font-medium">
        {view.done ? 'Done' : DOING[view.action.kind]}: {count(view.finished)} of {count(view.total)}
      </p>
      <div className="h-2 w-full overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className="h-full bg-indigo-700"
          style={{ width: `${(100 * view.finished) / Math.max(view.total, 1)}%` }}
        />
      </div>
      {!view.done && (
        <p className="text-slate-600">This carries on if you close it or go offline; the rows change as it goes.</p>
      )}
      {view.done && (
        <p>
          {count(changed)} changed{view.unchanged > 0 ? `, ${count(view.unchanged)} left as they were` : ''}
          {view.failures.length > 0 ? `, ${count(view.failures.length)} refused` : ''}.
        </p>
      )}
      {error && <p className="text-amber-900">Progress could not be read just now: {errorMessage(error)}</p>}
      {view.failures.length > 0 && (
        <ul className="max-h-48 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          {view.failures.map((failure) => (
            <li key={failure.listingId} className="px-3 py-2">
              <span className="font-medium">{failure.title}</span>
              <span className="block text-red-700">{failure.message}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="flex justify-end">
        <Button onClick={onClose}>{view.done ? 'Close' : 'Hide'}</Button>
      </div>
    </div>
  )
}
