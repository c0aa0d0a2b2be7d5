// The photo grid of the listing form: previews with their progress, remove buttons, reordering (drag a photo onto
// another's place, or Move left/right; the first is the cover), and the camera tile.
import { useState, type ChangeEvent, type DragEvent } from 'react'
import { MAX_IMAGES } from '../../../api/contract/photos.ts'
import { Spinner } from '../../components/ui/Spinner.tsx'

export interface PhotoTile {
  id: string
  previewUrl: string | undefined
  /** '' when the photo is safely on the server. */
  progress: string
  failed?: boolean
}

interface PhotoStripProps {
  photos: PhotoTile[]
  preparing: number
  analysing: boolean
  onAdd: (files: File[]) => void
  onRemove: (id: string) => void
  /** Puts the photo at this position (0 is the cover). */
  onMove: (id: string, to: number) => void
}

const MOVE_BUTTON =
  'absolute top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-lg font-bold text-slate-800 shadow'

function MoveButtons({ index, count, onMove }: { index: number; count: number; onMove: (to: number) => void }) {
  return (
    <>
      {index > 0 && (
        <button
          type="button"
          onClick={() => onMove(index - 1)}
          className={`${MOVE_BUTTON} left-1`}
          aria-label={`Move photo ${index + 1} left`}
        >
          ‹
        </button>
      )}
      {index < count - 1 && (
        <button
          type="button"
          onClick={() => onMove(index + 1)}
          className={`${MOVE_BUTTON} right-1`}
          aria-label={`Move photo ${index + 1} right`}
        >
          ›
        </button>
      )}
    </>
  )
}

function CameraIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-7 w-7"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M3 8.5A2.5 2.5 0 0 1 5.5 6h1.6l1.4-2h7l1.4 2h1.6A2.5 2.5 0 0 1 21 8.5v9a2.5 2.5 0 0 1-2.5 2.5h-13A2.5 2.5 0 0 1 3 17.5z" />
      <circle cx="12" cy="13" r="3.5" />
    </svg>
  )
}

export function PhotoStrip({ photos, preparing, analysing, onAdd, onRemove, onMove }: PhotoStripProps) {
  const [dragged, setDragged] = useState<string | null>(null)
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    onAdd([...(event.target.files ?? [])])
    event.target.value = ''
  }
  const dropOn = (index: number) => (event: DragEvent) => {
    event.preventDefault()
    if (dragged) onMove(dragged, index)
    setDragged(null)
  }
  const full = photos.length + preparing >= MAX_IMAGES
  return (
    <div className="flex flex-col gap-2">
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" aria-label="Photos">
        {photos.map((photo, index) => (
          <li
            key={photo.id}
            draggable
            onDragStart={() => setDragged(photo.id)}
            onDragEnd={() => setDragged(null)}
            onDragOver={(event) => event.preventDefault()}
            onDrop={dropOn(index)}
            className={`relative aspect-square cursor-grab overflow-hidden rounded-xl border bg-slate-100 ${dragged === photo.id ? 'border-indigo-500 opacity-60' : 'border-slate-200'}`}
          >
            {photo.previewUrl && (
              <img
                src={photo.previewUrl}
                alt={`Photo ${index + 1}`}
                draggable={false}
                className="h-full w-full object-cover"
              />
            )}
            {index === 0 && photos.length > 1 && (
              <span className="absolute top-1 left-1 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-semibold text-white">
                Cover
              </span>
            )}
            <MoveButtons index={index} count={photos.length} onMove={(to) => onMove(photo.id, to)} />
            {photo.progress && (
              <div
                role="status"
                className={`absolute inset-x-0 bottom-0 p-1 text-center text-xs font-semibold text-white ${photo.failed ? 'bg-red-700/90' : 'bg-slate-900/65'}`}
              >
                {photo.progress}
              </div>
            )}
            <button
              type="button"
              onClick={() => onRemove(photo.id)}
              className="absolute top-1 right-1 flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-lg font-bold text-slate-800 shadow"
              aria-label={`Remove photo ${index + 1}`}
            >
              ×
            </button>
          </li>
        ))}
        {Array.from({ length: preparing }, (_, index) => (
          <li
            key={`preparing-${index}`}
            className="flex aspect-square flex-col items-center justify-center gap-1 rounded-xl border border-slate-200 bg-slate-100 text-xs font-semibold text-slate-600"
            role="status"
          >
            <Spinner label="Preparing photo" className="h-6 w-6" />
            Preparing…
          </li>
        ))}
        {!full && (
          <li className="aspect-square">
            <label className="flex h-full w-full cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border-2 border-dashed border-indigo-300 bg-indigo-50 p-2 text-center text-sm font-semibold text-indigo-800 focus-within:outline-2 focus-within:outline-indigo-700 hover:bg-indigo-100">
              {analysing ? <Spinner label="Analysing photo" className="h-6 w-6" /> : <CameraIcon />}
              <span>Take Photo or Upload</span>
              {/* Never disabled: more photos can be added while the AI works, is busy or is absent. */}
              <input
                type="file"
                accept="image/*"
                capture="environment"
                multiple
                className="sr-only"
                onChange={choose}
              />
            </label>
          </li>
        )}
      </ul>
      {!full && (
        // The camera tile opens the rear camera on phones; this one opens the photo library instead.
        <label className="cursor-pointer self-start text-sm font-medium text-indigo-700 underline">
          Or choose from your photo library
          <input type="file" accept="image/*" multiple className="sr-only" onChange={choose} />
        </label>
      )}
    </div>
  )
}
