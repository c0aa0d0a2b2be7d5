// Scan label, beside the Dashboard's search (issue 47): the camera reads a label's QR code, which is the listing's SKU
// (docs/decisions/0044), and the listing opens for editing. A SKU none of the seller's listings has goes into the
// search, which says so. The camera sheet and its decoder are the barcode scanner's (src/features/drafts/scan), loaded
// on the first tap, never with the Dashboard.
import { useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { Button } from '../components/ui/Button.tsx'
import { api, errorMessage, hasCode, okJson } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'

// Its own dynamic import, so not even the drafts' lazy wrapper joins the Dashboard's first download.
const ScanDialog = lazy(async () => ({ default: (await import('../features/drafts/scan/ScanDialog.tsx')).ScanDialog }))

export function ScanLabel({ onSearch }: { onSearch: (text: string) => void }) {
  const [scanning, setScanning] = useState(false)
  const navigate = useNavigate()
  async function open(sku: string) {
    setScanning(false)
    try {
      const { id } = await okJson(api.listings['by-sku'].$get({ query: { sku } }))
      await navigate({ to: '/list-item', search: { edit: id } })
    } catch (error) {
      const missing = hasCode(error, 'not_found')
      if (missing) onSearch(sku)
      notify(missing ? 'Label not found' : 'The label’s listing could not be opened', errorMessage(error), 'error')
    }
  }
  return (
    <>
      <Button variant="secondary" className="shrink-0 px-3" onClick={() => setScanning(true)}>
        Scan label
      </Button>
      {scanning && (
        <Suspense fallback={null}>
          <ScanDialog kind="label" onScanned={(sku) => void open(sku)} onClose={() => setScanning(false)} />
        </Suspense>
      )}
    </>
  )
}
