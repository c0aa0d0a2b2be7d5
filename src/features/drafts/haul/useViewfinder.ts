// The haul's own camera (docs/decisions/0058): the phone's back camera filmed into the page while the haul screen is
// shown and nothing else needs the camera, let go when the screen is left, hidden, or a scan takes the camera. A phone
// that gives none (no getUserMedia, refused, no camera) is 'unavailable', and the file input takes its place.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'

export type ViewfinderState = 'starting' | 'live' | 'unavailable'

// The shrunk photo's long edge is 1600 px (src/offline/shrink.ts): a frame this size loses nothing to it.
const FRAME = { width: { ideal: 1600 }, height: { ideal: 1200 } }
const JPEG_QUALITY = 0.92

const onVisibilityChange = (changed: () => void) => {
  document.addEventListener('visibilitychange', changed)
  return () => document.removeEventListener('visibilitychange', changed)
}
const pageShown = () => document.visibilityState === 'visible'

const canFilm = () => typeof navigator.mediaDevices?.getUserMedia === 'function'

/** Films while `wanted` and the page is shown; `capture` answers the frame on screen as a camera photo would come. */
export function useViewfinder(wanted: boolean) {
  const video = useRef<HTMLVideoElement>(null)
  const shown = useSyncExternalStore(onVisibilityChange, pageShown, () => true)
  const [state, setState] = useState<ViewfinderState>(canFilm() ? 'starting' : 'unavailable')
  const filming = wanted && shown && state !== 'unavailable'

  useEffect(() => {
    const element = video.current
    if (!filming || !element) return
    let stream: MediaStream | undefined
    let stopped = false
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: { ideal: 'environment' }, ...FRAME }, audio: false })
      .then(async (camera) => {
        stream = camera
        if (stopped) return camera.getTracks().forEach((track) => track.stop())
        element.srcObject = camera
        await element.play().catch(() => {})
        if (!stopped) setState('live')
      })
      // Refused, or no camera: asking again would only be refused again, so the file input stays for this visit.
      .catch(() => !stopped && setState('unavailable'))
    return () => {
      stopped = true
      stream?.getTracks().forEach((track) => track.stop())
      element.srcObject = null
      setState((was) => (was === 'live' ? 'starting' : was))
    }
  }, [filming])

  /** The frame on screen, as a JPEG file taken now (its time is when it was taken, as the library's photos have). */
  async function capture(): Promise<File> {
    const element = video.current
    if (!element || element.videoWidth === 0) throw new Error('The camera is not ready yet. Try again.')
    const canvas = document.createElement('canvas')
    canvas.width = element.videoWidth
    canvas.height = element.videoHeight
    canvas.getContext('2d')?.drawImage(element, 0, 0)
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY))
    if (!blob) throw new Error('The photo could not be taken. Try again.')
    const takenAt = Date.now()
    return new File([blob], `haul-${takenAt}.jpg`, { type: 'image/jpeg', lastModified: takenAt })
  }

  return { video, state: filming || state === 'unavailable' ? state : 'starting', capture }
}
