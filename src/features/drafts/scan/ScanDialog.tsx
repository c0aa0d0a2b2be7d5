// The camera pointed at a code (docs/decisions/0046): frames are read a few times a second until one holds a code of the
// kind asked for (a product's UPC, EAN or ISBN; a label's QR code), which closes the sheet with the code. A phone that
// gives no camera (refused, or none) reads a photo of it instead; the code can be typed too.
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { Button } from '../../../components/ui/Button.tsx'
import { Dialog } from '../../../components/ui/Dialog.tsx'
import { barcodeReader, type BarcodeReader, type CodeKind } from './barcode-reader.ts'

/** Between reads of the camera: a read takes tens of milliseconds, and the phone stays responsive. */
const READ_EVERY_MS = 150

type Phase = 'starting' | 'scanning' | 'no-camera' | 'no-code-in-photo'

/** The sheet's words for each kind of code: its title, what each phase says, the photo button. */
const WORDS: Record<CodeKind, { title: string; says: Record<Phase, string>; photo: string }> = {
  barcode: {
    title: 'Scan barcode',
    says: {
      starting: 'Getting the camera ready…',
      scanning: 'Point the camera at the barcode, a hand’s width away.',
      'no-camera':
        'The camera is not available here. Take a photo of the barcode instead, or type its number in Barcode.',
      'no-code-in-photo': 'No barcode found in that photo: take it closer and straight on, or type the number.',
    },
    photo: 'Take a photo of the barcode',
  },
  label: {
    title: 'Scan label',
    says: {
      starting: 'Getting the camera ready…',
      scanning: 'Point the camera at the QR code on the label.',
      'no-camera':
        'The camera is not available here. Take a photo of the label instead, or type its SKU in the search.',
      'no-code-in-photo': 'No QR code found in that photo: take it closer and straight on, or type the SKU.',
    },
    photo: 'Take a photo of the label',
  },
}

/**
 * Reads the camera until a code of the kind is found or the sheet closes; the camera is let go either way. Returns the video
 * element's ref and the phase to show.
 */
function useCameraScan(kind: CodeKind, onCode: (code: string) => void) {
  const video = useRef<HTMLVideoElement>(null)
  const [phase, setPhase] = useState<Phase>('starting')
  // Read when a code is found: a new callback each render does not restart the camera.
  const found = useEffectEvent(onCode)
  useEffect(() => {
    let stopped = false
    let stream: MediaStream | undefined
    async function scan(reader: BarcodeReader, element: HTMLVideoElement) {
      while (!stopped) {
        const code = element.readyState >= 2 ? await reader.read(element).catch(() => null) : null
        if (code && !stopped) return found(code)
        await new Promise((resolve) => setTimeout(resolve, READ_EVERY_MS))
      }
    }
    void (async () => {
      try {
        const [reader, camera] = await Promise.all([
          barcodeReader(kind),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        ])
        stream = camera
        const element = video.current
        if (stopped || !element) return
        element.srcObject = camera
        await element.play().catch(() => {})
        setPhase('scanning')
        await scan(reader, element)
      } catch {
        if (!stopped) setPhase('no-camera')
      }
    })()
    return () => {
      stopped = true
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [kind])
  return { video, phase, setPhase }
}

interface ScanDialogProps {
  /** What to look for: a product's barcode unless said. */
  kind?: CodeKind
  onScanned: (code: string) => void
  onClose: () => void
}

export function ScanDialog({ kind = 'barcode', onScanned, onClose }: ScanDialogProps) {
  const { video, phase, setPhase } = useCameraScan(kind, onScanned)
  const words = WORDS[kind]

  async function readPhoto(file: File | undefined) {
    if (!file) return
    const code = await (await barcodeReader(kind)).read(await createImageBitmap(file)).catch(() => null)
    if (code) onScanned(code)
    else setPhase('no-code-in-photo')
  }

  const cameraShown = phase === 'starting' || phase === 'scanning'
  return (
    <Dialog open onClose={onClose} title={words.title}>
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-700" role="status">
          {words.says[phase]}
        </p>
        {cameraShown && (
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera"
            className="aspect-[4/3] w-full rounded-xl bg-slate-900 object-cover"
          />
        )}
        {!cameraShown && (
          <label className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-lg bg-indigo-700 px-4 font-semibold text-white">
            {words.photo}
            <input
              type="file"
              accept="image/*"
              capture="environment"
              className="sr-only"
              onChange={(event) => void readPhoto(event.target.files?.[0])}
            />
          </label>
        )}
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </Dialog>
  )
}
