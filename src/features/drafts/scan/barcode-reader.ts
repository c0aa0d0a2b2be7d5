// Reads a code from a camera frame or a photo (docs/decisions/0046): a product's retail barcode, or the QR code of a
// Snaplist label, which holds the listing's SKU (decision 0044). The browser's own BarcodeDetector where it reads those
// formats (Chrome on Android, Safari), else the same API over ZXing compiled to WebAssembly (barcode-detector on
// zxing-wasm, MIT). Its .wasm is served by Snaplist and precached with the app, never fetched from a CDN, so scanning
// works with no signal.
import { normalizedGtin } from '../../../../api/contract/gtin.ts'
import decoderUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/** What a scan looks for: a product's barcode (the Barcode field, a haul's item) or a label (the Dashboard). */
export type CodeKind = 'barcode' | 'label'

const KINDS: Record<CodeKind, { formats: string[]; accept: (found: string) => string | null }> = {
  // The retail barcodes: EAN-13 (and ISBN, which is one), EAN-8, UPC-A; only a valid number counts.
  barcode: { formats: ['ean_13', 'ean_8', 'upc_a'], accept: normalizedGtin },
  // The label's QR code is the SKU as printed beside it (src/features/labels/QrCode.tsx).
  label: { formats: ['qr_code'], accept: (found) => found.trim() || null },
}

interface Detected {
  rawValue: string
}
interface Detector {
  detect(source: ImageBitmapSource): Promise<Detected[]>
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector
  getSupportedFormats(): Promise<string[]>
}

export interface BarcodeReader {
  /** The browser's own detector, rather than the WebAssembly one. */
  native: boolean
  /** The first code of its kind in the image, or null. */
  read(source: ImageBitmapSource): Promise<string | null>
}

function readerOf(detector: Detector, native: boolean, accept: (found: string) => string | null): BarcodeReader {
  return {
    native,
    async read(source) {
      for (const found of await detector.detect(source)) {
        const code = accept(found.rawValue)
        if (code) return code
      }
      return null
    },
  }
}

async function nativeDetector(formats: string[]): Promise<Detector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Native) return undefined
  const supported = await Native.getSupportedFormats().catch((): string[] => [])
  return formats.every((format) => supported.includes(format)) ? new Native({ formats }) : undefined
}

let zxing: Promise<DetectorClass> | undefined
/** The WebAssembly detector's class, its decoder compiled once per page whatever it reads. */
const zxingDetector = () =>
  (zxing ??= import('barcode-detector/ponyfill').then(async ({ BarcodeDetector, prepareZXingModule }) => {
    await prepareZXingModule({
      overrides: {
        locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? decoderUrl : prefix + file),
      },
      fireImmediately: true,
    })
    return BarcodeDetector as unknown as DetectorClass
  }))

const shared = new Map<CodeKind, Promise<BarcodeReader>>()

/** The reader of a kind of code, made once per page. */
export function barcodeReader(kind: CodeKind = 'barcode'): Promise<BarcodeReader> {
  const made =
    shared.get(kind) ??
    (async () => {
      const { formats, accept } = KINDS[kind]
      const native = await nativeDetector(formats)
      if (native) return readerOf(native, true, accept)
      return readerOf(new (await zxingDetector())({ formats }), false, accept)
    })()
  shared.set(kind, made)
  return made
}
