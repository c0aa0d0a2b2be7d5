// The haul's buttons at the foot of the screen, under the thumb (issue 47): Scan barcode, the shutter, Next item. The
// shutter takes the viewfinder's frame; without a viewfinder, Take photo is the file input that opens the phone's camera.
// Either way the photo goes the same way (add-photos.ts).
import type { ChangeEvent, ReactNode } from 'react'
import { buttonClass } from '../../../components/ui/Button.tsx'
import { Spinner } from '../../../components/ui/Spinner.tsx'
import type { ViewfinderState } from './useViewfinder.ts'

/** The files chosen, and the input emptied so the same photo can be chosen again. */
export function chosen(event: ChangeEvent<HTMLInputElement>): File[] {
  const files = [...(event.target.files ?? [])]
  event.target.value = ''
  return files
}

interface ShutterProps {
  state: ViewfinderState
  /** Photos still being prepared: the shutter stays usable meanwhile. */
  shooting: boolean
  onShoot: () => void
  onFiles: (files: File[]) => void
}

function Shutter({ state, shooting, onShoot, onFiles }: ShutterProps) {
  const spinner = shooting && <Spinner label="Preparing photo" className="h-5 w-5" />
  if (state === 'unavailable')
    return (
      <label
        className={buttonClass(
          'primary',
          'min-h-16 cursor-pointer text-base focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-indigo-700',
        )}
      >
        {spinner}
        Take photo
        <input
          type="file"
          accept="image/*"
          capture="environment"
          className="sr-only"
          onChange={(event) => onFiles(chosen(event))}
        />
      </label>
    )
  return (
    // Named by its text, not aria-label: the file input's label is the one "Take photo" label on the screen.
    <button
      type="button"
      disabled={state !== 'live'}
      onClick={onShoot}
      className="mx-auto flex h-16 w-16 items-center justify-center rounded-full border-4 border-indigo-700 bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700 disabled:cursor-not-allowed disabled:bg-slate-100"
    >
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-indigo-700 text-white">
        {spinner}
      </span>
      <span className="sr-only">Take photo</span>
    </button>
  )
}

export function CaptureBar({ scan, next, ...shutter }: ShutterProps & { scan: ReactNode; next: ReactNode }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur">
      <div className="mx-auto grid max-w-3xl grid-cols-3 items-center gap-2">
        {scan}
        <Shutter {...shutter} />
        {next}
      </div>
    </div>
  )
}
