// The photos of the item being photographed: each can be deleted, or moved to another item of the haul (or to a new
// one at the end) when the grouping came out wrong.
import { useMemo, useState } from 'react'
import { MAX_IMAGES } from '../../../../api/contract/photos.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { Dialog } from '../../../components/ui/Dialog.tsx'
import { usePhotoPreviews } from '../usePhotoPreviews.ts'
import { uuid } from '../../../lib/uuid.ts'
import { notify } from '../../../lib/notify.tsx'
import type { HaulItemView } from './useHaul.ts'
import { useHaulStore } from './useHaul.ts'

interface Moving {
  photoId: string
  number: number
}

/** Where a photo can go: each item by its cover (the AI's title alone may not say which is which), or a new one. */
function MoveTargets({
  items,
  fromId,
  onMove,
}: {
  items: HaulItemView[]
  fromId: string
  onMove: (toId: string) => void
}) {
  const covers = usePhotoPreviews(useMemo(() => items.flatMap((view) => view.photos.slice(0, 1)), [items]))
  return (
    <ul className="flex flex-col gap-2">
      {items.map((view, index) => {
        const unavailable =
          view.draft.id === fromId || view.draft.state !== 'editing' || view.photos.length >= MAX_IMAGES
        const cover = view.photos[0] && covers.get(view.photos[0].id)
        return (
          <li key={view.draft.id}>
            <Button
              variant="secondary"
              className="w-full gap-3"
              disabled={unavailable}
              onClick={() => onMove(view.draft.id)}
            >
              {cover && <img src={cover} alt="" className="h-12 w-12 shrink-0 rounded-md object-cover" />}
              <span className="min-w-0 truncate">
                Item {index + 1}
                {view.draft.fields.title ? `: ${view.draft.fields.title}` : ''}
              </span>
            </Button>
          </li>
        )
      })}
      <li>
        <Button className="w-full" onClick={() => onMove(uuid())}>
          A new item
        </Button>
      </li>
    </ul>
  )
}

function MoveDialog({
  moving,
  items,
  fromId,
  onClose,
}: {
  moving: Moving | null
  items: HaulItemView[]
  fromId: string
  onClose: () => void
}) {
  const hauls = useHaulStore()
  const move = async (toId: string) => {
    onClose()
    if (!moving) return
    if (!(await hauls.movePhoto(moving.photoId, toId)))
      notify('Error', 'This photo cannot move there: that item is full or already being created.', 'error')
  }
  return (
    <Dialog open={moving !== null} onClose={onClose} title={`Move photo ${moving?.number ?? ''} to`}>
      <MoveTargets items={items} fromId={fromId} onMove={(toId) => void move(toId)} />
    </Dialog>
  )
}

export function ItemPhotos({ view, number, items }: { view: HaulItemView; number: number; items: HaulItemView[] }) {
  const hauls = useHaulStore()
  const previews = usePhotoPreviews(view.photos)
  const [moving, setMoving] = useState<Moving | null>(null)
  const editable = view.draft.state === 'editing'
  return (
    <section aria-label={`Photos of item ${number}`} className="flex flex-col gap-2">
      <h2 className="text-base font-semibold text-slate-900">
        Item {number}
        {!editable && <span className="ml-2 text-sm font-normal text-slate-600">{view.status.text}</span>}
      </h2>
      <ul className="grid grid-cols-3 gap-2">
        {view.photos.map((photo, index) => (
          <li key={photo.id} className="flex flex-col gap-1">
            <img
              src={previews.get(photo.id)}
              alt={`Item ${number}, photo ${index + 1}`}
              className="aspect-square w-full rounded-lg border border-slate-200 object-cover"
            />
            {editable && (
              <div className="grid grid-cols-2 gap-1">
                <button
                  type="button"
                  className="min-h-10 rounded-md border border-slate-300 bg-white text-xs font-semibold text-slate-800"
                  aria-label={`Move photo ${index + 1}`}
                  onClick={() => setMoving({ photoId: photo.id, number: index + 1 })}
                >
                  Move
                </button>
                <button
                  type="button"
                  className="min-h-10 rounded-md border border-slate-300 bg-white text-xs font-semibold text-red-800"
                  aria-label={`Delete photo ${index + 1}`}
                  onClick={() => void hauls.removePhoto(view.draft.id, photo.id)}
                >
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      <MoveDialog moving={moving} items={items} fromId={view.draft.id} onClose={() => setMoving(null)} />
    </section>
  )
}
