// 'Select all ready (N)' beside the heading of Your Listings (docs/product.md §17): the bar that acts on the chosen
// ones (BulkSelectionBar.tsx) loads once something is chosen.
import { Button } from '../../components/ui/Button.tsx'

/**
 * Beside the heading of the rows: chooses every ready listing the search finds, shown or not (or clears them), and says how many are
 * chosen, and when more are ready than one bulk post takes, that the rest are for the next.
 */
export function SelectAllReady({
  ready,
  chosen,
  allChosen,
  beyond,
  onToggle,
}: {
  ready: number
  chosen: number
  allChosen: boolean
  beyond: number
  onToggle: () => void
}) {
  return (
    <div className="flex min-h-11 flex-wrap items-center justify-end gap-x-3 gap-y-1">
      <Button variant="ghost" className="-mr-2" onClick={onToggle}>
        {allChosen ? 'Clear selection' : `Select all ready (${ready})`}
      </Button>
      {chosen > 0 && <span className="text-sm text-slate-600">{chosen} selected</span>}
      {beyond > 0 && (
        <p className="w-full text-right text-sm text-slate-600">
          {beyond} more are ready: post these first, then select them.
        </p>
      )}
    </div>
  )
}
