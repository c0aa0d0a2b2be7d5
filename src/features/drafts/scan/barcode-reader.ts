// Reads a product's barcode from a camera frame or a photo (docs/decisions/0046): the browser's own BarcodeDetector
// where it reads retail barcodes (Chrome on Android, Safari), else the same API over ZXing compiled to WebAssembly
// (barcode-detector on zxing-wasm, MIT). Its .wasm is served by Snaplist and precached with the app, never fetched from
// a CDN, so scanning works with no signal.
import { normalizedGtin } from '../../../../api/contract/gtin.ts'
import decoderUrl from 'zxing-wasm/reader/zxing_reader.wasm?url'

/** The retail barcodes: EAN-13 (and ISBN, which is one), EAN-8, UPC-A. */
const FORMATS = ['ean_13', 'ean_8', 'upc_a']

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
  /** The first valid barcode number in the image, or null. */
  read(source: ImageBitmapSource): Promise<string | null>
}

function readerOf(detector: Detector, native: boolean): BarcodeReader {
  return {
    native,
    async read(source) {
      for (const found of await detector.detect(source)) {
        const code = normalizedGtin(found.rawValue)
        if (code) return code
      }
      return null
    },
  }
}

async function nativeDetector(): Promise<Detector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (!Native) return undefined
  const supported = await Native.getSupportedFormats().catch((): string[] => [])
  return FORMATS.every((format) => supported.includes(format)) ? new Native({ formats: FORMATS }) : undefined
}

let shared: Promise<BarcodeReader> | undefined

/** The reader, made once per page: the WebAssembly decoder compiles once. */
export function barcodeReader(): Promise<BarcodeReader> {
  return (shared ??= (async () => {
    const native = await nativeDetector()
    if (native) return readerOf(native, true)
    const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill')
    await prepareZXingModule({
      overrides: {
        locateFile: (file: string, prefix: string) => (file.endsWith('.wasm') ? decoderUrl : prefix + file),
      },
      fireImmediately: true,
    })
    return readerOf(new BarcodeDetector({ formats: FORMATS as never }), false)
  })())
}
