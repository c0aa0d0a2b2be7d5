// When a photo was taken, read on the phone before shrinking strips the metadata (src/offline/shrink.ts): the JPEG's
// EXIF DateTimeOriginal, else the file's lastModified (docs/product.md §17). Only the first 128 KB are read: EXIF sits
// at the start of the file, in its APP1 segment.
const EXIF_WINDOW = 128 * 1024
const APP1 = 0xffe1
const EXIF_IFD_POINTER = 0x8769
const DATE_TIME_ORIGINAL = 0x9003
const ASCII = 2

/** The value of `tag` in the IFD at `offset` (its entry's type, count and value or offset), or undefined. */
function findTag(view: DataView, tiff: number, offset: number, tag: number, little: boolean) {
  if (tiff + offset + 2 > view.byteLength) return undefined
  const entries = view.getUint16(tiff + offset, little)
  for (let index = 0; index < entries; index++) {
    const entry = tiff + offset + 2 + index * 12
    if (entry + 12 > view.byteLength) return undefined
    if (view.getUint16(entry, little) === tag) {
      return {
        type: view.getUint16(entry + 2, little),
        count: view.getUint32(entry + 4, little),
        value: view.getUint32(entry + 8, little),
      }
    }
  }
  return undefined
}

/** "2026:11:21 14:03:07" as the phone's local time (EXIF names no zone; only the gaps between photos matter). */
function parseExifDate(text: string): number | undefined {
  const match = /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(text)
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const time = new Date(year, month - 1, day, hour, minute, second).getTime()
  return Number.isNaN(time) || year < 1900 ? undefined : time
}

/** DateTimeOriginal from the EXIF of a JPEG's first bytes, in epoch ms; undefined when there is none. */
export function exifCaptureTime(bytes: ArrayBuffer): number | undefined {
  const view = new DataView(bytes)
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return undefined
  for (let offset = 2; offset + 4 <= view.byteLength;) {
    const marker = view.getUint16(offset)
    const length = view.getUint16(offset + 2)
    if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return undefined // Not a marker, or the image data began.
    if (marker === APP1 && offset + 10 <= view.byteLength && view.getUint32(offset + 4) === 0x45786966 /* Exif */) {
      return captureTimeFromTiff(view, offset + 10)
    }
    offset += 2 + length
  }
  return undefined
}

function captureTimeFromTiff(view: DataView, tiff: number): number | undefined {
  if (tiff + 8 > view.byteLength) return undefined
  const little = view.getUint16(tiff) === 0x4949 // "II": Intel byte order; "MM": Motorola.
  const exifIfd = findTag(view, tiff, view.getUint32(tiff + 4, little), EXIF_IFD_POINTER, little)
  const original = exifIfd && findTag(view, tiff, exifIfd.value, DATE_TIME_ORIGINAL, little)
  if (!original || original.type !== ASCII || original.count < 19 || tiff + original.value + 19 > view.byteLength)
    return undefined
  const text = new TextDecoder('ascii').decode(new Uint8Array(view.buffer, view.byteOffset + tiff + original.value, 19))
  return parseExifDate(text)
}

/** When the photo was taken: EXIF DateTimeOriginal, else when the file was last changed, else now. */
export async function captureTime(file: Blob): Promise<number> {
  const fromExif = exifCaptureTime(await file.slice(0, EXIF_WINDOW).arrayBuffer())
  return fromExif ?? (file instanceof File ? file.lastModified : Date.now())
}
