// What the haul's camera films (docs/decisions/0058), at the top of the screen, the shutter under the thumb below
// (CaptureBar). Without a camera in the page, a line says Take photo opens the phone's own camera instead.
import type { RefObject } from 'react'
import type { ViewfinderState } from './useViewfinder.ts'

export function Viewfinder({ video, state }: { video: RefObject<HTMLVideoElement | null>; state: ViewfinderState }) {
  if (state === 'unavailable')
    return (
      <p className="text-sm text-slate-600">
        The camera cannot be shown here: Take photo opens your phone’s camera for each photo.
      </p>
    )
  return (
    <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-900">
      <video ref={video} muted playsInline aria-label="Camera" className="h-full w-full object-cover" />
      {state === 'starting' && (
        <p role="status" className="absolute inset-0 flex items-center justify-center text-sm text-white">
          Starting the camera…
        </p>
      )}
    </div>
  )
}
