// The form's Barcode section (docs/decisions/0046): the code, scanned with the camera or typed, and what the catalog
// has for it: a product that filled the listing, several to pick from, none (the photos fill it), or why it could not
// be looked up. A code scanned with no signal waits with the draft and is looked up once the phone is back online.
import { Suspense, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { normalizedGtin } from '../../../api/contract/gtin.ts'
import { CATALOG_NAME, type CatalogProduct } from '../../../api/contract/catalog.ts'
import { Button } from '../../components/ui/Button.tsx'
import { api, okJson } from '../../lib/api.ts'
import type { DraftField } from '../../offline/db.ts'
import { barcodeStatus } from './barcode-status.ts'
import { ScanDialog } from './scan/LazyScanDialog.ts'
import { SectionFields, type FormControl, type InputProps } from './draft-form-fields.tsx'
import { useDraftStore, type DraftView } from './useDrafts.ts'

function ProductChoice({ products, onPick }: { products: CatalogProduct[]; onPick: (epid: string) => void }) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Products for this barcode">
      {products.map((product) => (
        <li key={product.epid}>
          <button
            type="button"
            onClick={() => onPick(product.epid)}
            className="w-full rounded-lg border border-slate-300 bg-white p-3 text-left text-sm hover:border-indigo-700"
          >
            <span className="block font-semibold text-slate-900">{product.title}</span>
            {product.category && <span className="text-slate-600">{product.category.name}</span>}
          </button>
        </li>
      ))}
    </ul>
  )
}

/**
 * The catalog's stock photo of the product, added as a photo only when the seller says so (it is copied to Snaplist first, so
 * it needs a connection); a used item still needs a photo of its own to go to a marketplace.
 */
function StockPhotoOffer(props: { draftId: string; gtin: string; product: CatalogProduct; online: boolean }) {
  const drafts = useDraftStore()
  const [state, setState] = useState<'offered' | 'adding' | 'added' | 'failed'>('offered')
  async function add() {
    setState('adding')
    try {
      const json = { gtin: props.gtin, epid: props.product.epid }
      await drafts.addStockPhoto(props.draftId, await okJson(api['product-lookup']['stock-photo'].$post({ json })))
      setState('added')
    } catch {
      setState('failed')
    }
  }
  if (state === 'added')
    return <p className="text-sm text-slate-700">{CATALOG_NAME}’s stock photo is added after your photos.</p>
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
      <p>
        {CATALOG_NAME} has a stock photo of this product. A used item needs a photo of your own too.
        {state === 'failed' && ' It could not be added: try again.'}
      </p>
      <Button variant="secondary" disabled={!props.online || state === 'adding'} onClick={() => void add()}>
        {props.online ? `Add ${CATALOG_NAME}’s stock photo` : `Add ${CATALOG_NAME}’s stock photo (when online)`}
      </Button>
    </div>
  )
}

export interface BarcodePanelProps {
  draftId: string
  view: DraftView | null
  online: boolean
  control: FormControl
  inputProps: (field: DraftField) => InputProps
}

export function BarcodePanel({ draftId, view, online, control, inputProps }: BarcodePanelProps) {
  const drafts = useDraftStore()
  const [scanning, setScanning] = useState(false)
  const [choosing, setChoosing] = useState(false)
  const typed = normalizedGtin(useWatch({ control, name: 'gtin' }))
  const barcode = view?.draft.barcode
  const lookUp = (code: string) => void drafts.scanned(draftId, code)
  const status = view ? barcodeStatus(view, online) : null
  const products = barcode?.products ?? []
  const pickable = products.length > 1 && (!barcode?.picked || choosing)

  return (
    <section aria-label="Barcode" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex items-start gap-2">
        <div className="flex-1">
          <SectionFields section="barcode" control={control} inputProps={inputProps} under={{}} after={{}} />
        </div>
        {/* Level with the input, under the field's label. */}
        <Button className="mt-7" onClick={() => setScanning(true)}>
          Scan
        </Button>
      </div>
      {typed && typed !== barcode?.code && (
        <Button variant="secondary" onClick={() => lookUp(typed)}>
          Look up {typed}
        </Button>
      )}
      {status && (
        <p className="text-sm text-slate-700" role="status">
          {status}
        </p>
      )}
      {pickable && (
        <ProductChoice
          products={products}
          onPick={(epid) => {
            setChoosing(false)
            void drafts.pickProduct(draftId, epid)
          }}
        />
      )}
      {barcode?.picked?.stockPhotoUrl && (
        <StockPhotoOffer draftId={draftId} gtin={barcode.code} product={barcode.picked} online={online} />
      )}
      {barcode?.picked && products.length > 1 && !choosing && (
        <button
          type="button"
          className="self-start text-sm text-indigo-700 underline"
          onClick={() => setChoosing(true)}
        >
          Not this one? Pick another
        </button>
      )}
      {scanning && (
        <Suspense fallback={null}>
          <ScanDialog
            onClose={() => setScanning(false)}
            onScanned={(code) => {
              setScanning(false)
              lookUp(code)
            }}
          />
        </Suspense>
      )}
    </section>
  )
}
