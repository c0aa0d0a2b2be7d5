// How far a bulk action has got ("Changing prices: 340 of 1,000"), and once done, which listings the price floor held
// (issue 47), what was left as it was and each listing a marketplace refused, in the marketplace's words
// (docs/decisions/0038).
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

/** "5 changed · 2 held at their floor · 1 refused.": the floor's listings counted apart from the others (issue 47). */
function outcome(view: BulkActionView): string {
  const lowered = view.heldAtFloor.filter((held) => held.lowered).length
  const stayed = view.heldAtFloor.length - lowered
  const changed = view.finished - view.unchanged - view.failures.length - lowered
  const parts = [
    `${count(changed)} changed`,
    ...(view.heldAtFloor.length ? [`${count(view.heldAtFloor.length)} held at their floor`] : []),
    ...(view.unchanged > stayed ? [`${count(view.unchanged - stayed)} left as they were`] : []),
    ...(view.failures.length ? [`${count(view.failures.length)} refused`] : []),
  ]
  return `${parts.join(' · ')}.`
}

const floorOf = (view: BulkActionView) =>
  view.action.kind === 'price' && view.action.floor !== undefined ? ` $${view.action.floor.toFixed(2)}` : ''

export function BulkActionProgress({ sent, onClose }: { sent: BulkActionView; onClose: () => void }) {
  const { view, error } = useBulkActionProgress(sent)
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
      {view.done && <p>{outcome(view)}</p>}
      {error && <p className="text-amber-900">Progress could not be read just now: {errorMessage(error)}</p>}
      {view.done && view.heldAtFloor.length > 0 && (
        <div>
          <p className="font-medium">Held at the{floorOf(view)} floor:</p>
          <ul
            aria-label="Held at their floor"
            className="mt-1 max-h-32 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200"
          >
            {view.heldAtFloor.map((held) => (
              <li key={held.listingId} className="px-3 py-2">
                <span className="font-medium">{held.title}</span>
                <span className="block text-slate-600">
                  {held.lowered ? 'Lowered only to the floor' : 'At or below the floor already: left as it was'}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
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
