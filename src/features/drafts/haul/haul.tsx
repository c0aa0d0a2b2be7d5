// Capture a haul (/haul, docs/product.md §17): many items photographed in a row. The camera films in the page (decision
// 0058) with the shutter and Next item under the thumb, each photo joins the current item, Next item starts the next,
// and the strip shows every item with its cover. Each item is a draft on this phone from its first photo, so all of it
// works offline and survives a reload; /haul?haul=<id> names the haul, made once and put in the address like New
// Listing's draft.
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router'
import { Suspense, useEffect, useState } from 'react'
import { buttonClass, Button } from '../../../components/ui/Button.tsx'
import { FullPageSpinner } from '../../../components/ui/Spinner.tsx'
import { useOnline } from '../../../hooks/useOnline.ts'
import { errorMessage } from '../../../lib/api.ts'
import { notify } from '../../../lib/notify.tsx'
import { uuid } from '../../../lib/uuid.ts'
import { Dialog } from '../../../components/ui/Dialog.tsx'
import { barcodeStatus } from '../barcode-status.ts'
import { ScanDialog } from '../scan/LazyScanDialog.ts'
import { addToItem, importFromLibrary } from './add-photos.ts'
import { CaptureBar, chosen } from './CaptureBar.tsx'
import { HaulReceipt } from './HaulReceipt.tsx'
import { ItemPhotos } from './ItemPhotos.tsx'
import { ItemStrip } from './ItemStrip.tsx'
import { useHaulItems, useHaulStore, type HaulItemView } from './useHaul.ts'
import { useViewfinder } from './useViewfinder.ts'
import { Viewfinder } from './Viewfinder.tsx'

const route = getRouteApi('/signed-in/haul')

/**
 * The item the camera adds to: the one the seller picked, else the last one while still open and not moved on from
 * (Next item, kept on the phone so a reload keeps it), else a new one.
 */
function useCurrentItem(haulId: string, items: HaulItemView[]) {
  const hauls = useHaulStore()
  const [picked, setPicked] = useState<string>()
  const [fresh, setFresh] = useState(uuid)
  const last = items.at(-1)
  const current =
    picked ?? (last && last.draft.state === 'editing' && !last.draft.nextItemStarted ? last.draft.id : fresh)
  const next = () => {
    const id = uuid()
    setFresh(id)
    setPicked(id)
    void hauls.startNextItem(haulId)
  }
  return { current, pick: setPicked, next }
}

function HaulProgress({ items }: { items: HaulItemView[] }) {
  const online = useOnline()
  const analysed = items.filter((view) => view.analysed).length
  return (
    <p role="status" className="text-sm text-slate-700">
      {items.length === 0 ? 'No items yet' : `${analysed} of ${items.length} ready`}
      {!online && items.length > 0 && (
        <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
          Offline: saved on this phone
        </span>
      )}
    </p>
  )
}

/** Create all ready: the items whose suggestions are in become listings as the AI filled them, after one confirmation. */
function CreateAllReady({ haulId, count }: { haulId: string; count: number }) {
  const hauls = useHaulStore()
  const [asking, setAsking] = useState(false)
  const createAll = async () => {
    setAsking(false)
    const created = await hauls.submitAnalysed(haulId)
    notify(
      `Creating ${created} listing${created === 1 ? '' : 's'}`,
      'They appear on your Dashboard as they reach the server.',
      'success',
    )
  }
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Create all {count} ready
      </Button>
      <Dialog open={asking} onClose={() => setAsking(false)} title={`Create ${count} listings?`}>
        <p className="text-sm text-slate-600">
          Each is created as the AI filled it in, without checking it first. To check them one by one, use Review
          instead.
        </p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setAsking(false)}>
            Cancel
          </Button>
          <Button onClick={() => void createAll()}>Create {count} listings</Button>
        </div>
      </Dialog>
    </>
  )
}

/**
 * Scan barcode: the code joins the item being photographed (made by it when it has no photo yet), looked up in the
 * catalog now or once the phone is back online; what the catalog said shows under the viewfinder. The scanner has the
 * camera to itself meanwhile.
 */
function ScanIntoItem({
  haulId,
  itemId,
  scanning,
  onScanning,
}: {
  haulId: string
  itemId: string
  scanning: boolean
  onScanning: (scanning: boolean) => void
}) {
  const hauls = useHaulStore()
  const scanned = (code: string) => {
    onScanning(false)
    hauls.scanned(haulId, itemId, code).catch((error: unknown) => notify('Error', errorMessage(error), 'error'))
  }
  return (
    <>
      <Button variant="secondary" className="min-h-16 text-base" onClick={() => onScanning(true)}>
        Scan barcode
      </Button>
      {scanning && (
        <Suspense fallback={null}>
          <ScanDialog onClose={() => onScanning(false)} onScanned={scanned} />
        </Suspense>
      )}
    </>
  )
}

function CaptureHaul({ haulId, items }: { haulId: string; items: HaulItemView[] }) {
  const hauls = useHaulStore()
  const online = useOnline()
  const { current, pick, next } = useCurrentItem(haulId, items)
  const [scanning, setScanning] = useState(false)
  const camera = useViewfinder(!scanning)
  // Camera photos being shrunk (the camera stays usable meanwhile), and a library import's progress.
  const [shooting, setShooting] = useState(0)
  const [importing, setImporting] = useState<string>()
  const currentIndex = items.findIndex((view) => view.draft.id === current)
  const currentView = items[currentIndex]

  const takePhotos = async (files: File[]) => {
    setShooting((count) => count + files.length)
    await addToItem(hauls, haulId, current, files).catch((error: unknown) =>
      notify('Error', errorMessage(error), 'error'),
    )
    setShooting((count) => count - files.length)
  }
  const shoot = () =>
    camera.capture().then(
      (file) => takePhotos([file]),
      (error: unknown) => notify('Error', errorMessage(error), 'error'),
    )
  const fromLibrary = async (files: File[]) => {
    if (files.length === 0) return
    setImporting(`Preparing 0 of ${files.length} photos…`)
    try {
      const made = await importFromLibrary(hauls, haulId, files, (done) =>
        setImporting(`Preparing ${done} of ${files.length} photos…`),
      )
      notify(
        `${files.length} photos became ${made} item${made === 1 ? '' : 's'}`,
        'Check the grouping: move a photo to fix it.',
        'success',
      )
    } catch (error) {
      notify('Error', errorMessage(error), 'error')
    } finally {
      setImporting(undefined)
    }
  }
  const toReview = items.filter((view) => view.analysed && view.draft.state === 'editing').length
  const preparing = importing ?? (shooting > 0 ? 'Preparing photo…' : undefined)

  return (
    // Room at the foot for the capture bar, so the last of the screen scrolls clear of it.
    <div className="mx-auto flex max-w-3xl flex-col gap-4 pb-28">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">Capture a haul</h1>
        <HaulProgress items={items} />
      </div>
      <Viewfinder video={camera.video} state={camera.state} />
      {currentView && barcodeStatus(currentView, online) && (
        <p role="status" className="text-sm text-slate-700">
          {barcodeStatus(currentView, online)}
        </p>
      )}
      {preparing && (
        <p role="status" className="text-sm text-slate-700">
          {preparing}
        </p>
      )}
      <ItemStrip items={items} currentId={current} onSelect={pick} />
      {currentView ? (
        <ItemPhotos view={currentView} number={currentIndex + 1} items={items} />
      ) : (
        <p className="text-sm text-slate-600">
          Item {items.length + 1}: every photo you take now joins it. Tap Next item when you move on to the next one.
        </p>
      )}
      <label className="cursor-pointer self-start text-sm font-medium text-indigo-700 underline">
        Add from your photo library (split into items by when they were taken)
        <input
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          disabled={importing !== undefined}
          onChange={(event) => void fromLibrary(chosen(event))}
        />
      </label>
      {items.length > 0 && <HaulReceipt haulId={haulId} items={items} />}
      {/* The miles driven for it are deductible (docs/decisions/0061): logged against this haul on the Tax year. */}
      <Link
        to="/tax-year"
        search={{ haul: haulId }}
        className="self-start text-sm font-medium text-indigo-700 underline"
      >
        Log the drive for this haul
      </Link>
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="/" className={buttonClass('secondary')}>
          Done for now
        </Link>
        {toReview > 0 && <CreateAllReady haulId={haulId} count={toReview} />}
        {toReview > 0 && (
          <Link to="/haul/review" search={{ haul: haulId }} className={buttonClass('primary')}>
            Review {toReview} ready
          </Link>
        )}
      </div>
      <CaptureBar
        state={camera.state}
        shooting={shooting > 0}
        onShoot={() => void shoot()}
        onFiles={(files) => void takePhotos(files)}
        scan={<ScanIntoItem haulId={haulId} itemId={current} scanning={scanning} onScanning={setScanning} />}
        next={
          <Button
            variant="secondary"
            className="min-h-16 text-base"
            disabled={!currentView || shooting > 0}
            onClick={next}
          >
            Next item
          </Button>
        }
      />
    </div>
  )
}

function OpenHaul({ haulId }: { haulId: string }) {
  const items = useHaulItems(haulId)
  if (!items) return <FullPageSpinner label="Opening haul" />
  return <CaptureHaul haulId={haulId} items={items} />
}

export function HaulScreen() {
  const { haul } = route.useSearch()
  const navigate = useNavigate()
  useEffect(() => {
    if (!haul) void navigate({ to: '/haul', search: { haul: uuid() }, replace: true })
  }, [haul, navigate])
  if (!haul) return <FullPageSpinner label="Opening haul" />
  return <OpenHaul key={haul} haulId={haul} />
}
