// The haul's items side by side: each with its cover, how many photos and what it is doing; tapping one makes it the
// item the camera adds to. The item being started (no photo yet) sits at the end.
import { usePhotoPreviews } from '../usePhotoPreviews.ts'
import type { HaulItemView } from './useHaul.ts'

const photoCount = (count: number) => `${count} photo${count === 1 ? '' : 's'}`

function ItemTile({
  view,
  number,
  current,
  onSelect,
}: {
  view: HaulItemView
  number: number
  current: boolean
  onSelect: () => void
}) {
  const cover = view.photos[0]
  const previews = usePhotoPreviews(view.photos.slice(0, 1))
  const coverUrl = cover && previews.get(cover.id)
  // Ready means ready to review or create: once handed over, the item says how its listing stands instead.
  const editing = view.draft.state === 'editing'
  const done = view.status.kind === 'done'
  const stateText = done ? 'Listing created' : editing && view.analysed ? 'Ready' : view.status.text
  return (
    <li className="w-28 shrink-0">
      <button
        type="button"
        onClick={onSelect}
        aria-pressed={current}
        className={`flex w-full flex-col gap-1 rounded-xl border-2 p-1 text-left ${current ? 'border-indigo-700 bg-indigo-50' : 'border-slate-200 bg-white'}`}
      >
        {coverUrl ? (
          <img src={coverUrl} alt="" className="aspect-square w-full rounded-lg object-cover" />
        ) : (
          <span className="aspect-square w-full rounded-lg bg-slate-100" />
        )}
        <span className="px-1 text-xs font-semibold text-slate-900">
          Item {number} · {photoCount(view.photos.length)}
        </span>
        <span
          className={`truncate px-1 text-xs ${done || (editing && view.analysed) ? 'text-emerald-800' : 'text-slate-600'}`}
        >
          {stateText}
        </span>
      </button>
    </li>
  )
}

export function ItemStrip({
  items,
  currentId,
  onSelect,
}: {
  items: HaulItemView[]
  currentId: string
  onSelect: (id: string) => void
}) {
  const starting = !items.some((view) => view.draft.id === currentId)
  return (
    <ul aria-label="Items" className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2">
      {items.map((view, index) => (
        <ItemTile
          key={view.draft.id}
          view={view}
          number={index + 1}
          current={view.draft.id === currentId}
          onSelect={() => onSelect(view.draft.id)}
        />
      ))}
      {starting && (
        <li className="flex w-28 shrink-0 flex-col items-center justify-center rounded-xl border-2 border-dashed border-indigo-700 bg-indigo-50 p-2 text-center text-xs font-semibold text-indigo-900">
          Item {items.length + 1}: take its first photo
        </li>
      )}
    </ul>
  )
}
