// Barcodes drawn for the browser tests (issue 33): an EAN-13 (an ISBN is one) as GS1 specifies its bars, on a white
// camera frame, written as the raw video Chromium's fake camera plays (Y4M) or as a photo (PNG). Drawn here rather than
// by a library, so the test's barcode owes nothing to the decoder under test. And a Snaplist label's QR code (issue 47),
// encoded as the label sheet encodes it (src/features/labels/QrCode.tsx, uqr), for the Dashboard's Scan label.
import { writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { encode } from 'uqr'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts'

// Each digit's seven modules (1 = bar) in GS1's L set; the R set is its complement, the G set the R set reversed.
const L_CODES = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
]
const complement = (bits: string) => [...bits].map((bit) => (bit === '1' ? '0' : '1')).join('')
const R_CODES = L_CODES.map(complement)
const G_CODES = R_CODES.map((bits) => [...bits].reverse().join(''))
// Which set each of the left six digits takes, by the first digit (which is not drawn itself).
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLG', 'LGLGLG', 'LGLGGL', 'LGGLGL']

/** The 95 modules of an EAN-13: guard, six digits, centre guard, six digits, guard. */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code)) throw new Error(`not an EAN-13: ${code}`)
  const digits = [...code].map(Number)
  const parity = PARITY[digits[0]!]!
  const left = digits
    .slice(1, 7)
    .map((digit, i) => (parity[i] === 'L' ? L_CODES : G_CODES)[digit])
    .join('')
  const right = digits
    .slice(7)
    .map((digit) => R_CODES[digit])
    .join('')
  return `101${left}01010${right}101`
}

/** A grey frame (0 black, 255 white) of the barcode centred on white, 4 pixels a module. */
export function barcodeFrame(code: string, width = 640, height = 480): Uint8Array {
  const modules = ean13Modules(code)
  const module = 4
  const frame = new Uint8Array(width * height).fill(255)
  const left = Math.floor((width - modules.length * module) / 2)
  const [top, bottom] = [Math.floor(height * 0.3), Math.floor(height * 0.7)]
  for (let y = top; y < bottom; y++)
    for (let m = 0; m < modules.length; m++)
      if (modules[m] === '1') frame.fill(0, y * width + left + m * module, y * width + left + (m + 1) * module)
  return frame
}

/** A grey frame of a label's QR code centred on white, as the label sheet draws it (medium correction, 2 modules' quiet zone). */
export function labelQrFrame(text: string, width = 640, height = 480): Uint8Array {
  const { data, size } = encode(text, { ecc: 'M', border: 2 })
  const module = Math.floor((Math.min(width, height) * 0.7) / size)
  const frame = new Uint8Array(width * height).fill(255)
  const [left, top] = [Math.floor((width - size * module) / 2), Math.floor((height - size * module) / 2)]
  for (let y = 0; y < size * module; y++)
    for (let x = 0; x < size * module; x++)
      if (data[Math.floor(y / module)]![Math.floor(x / module)]) frame[(top + y) * width + left + x] = 0
  return frame
}

/** A frame as a one-frame Y4M video (4:2:0, no colour), which Chromium's fake camera plays in a loop. */
function writeCameraVideo(file: string, frame: Uint8Array, width = 640, height = 480) {
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\nFRAME\n`)
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128)
  writeFileSync(file, Buffer.concat([header, Buffer.from(frame), chroma]))
}

/** The frame as a photo of the barcode. */
export const barcodePng = (code: string, width = 640, height = 480) =>
  sharp(Buffer.from(barcodeFrame(code, width, height)), { raw: { width, height, channels: 1 } })
    .png()
    .toBuffer()

/** How to launch Chromium with a camera that films this frame (a fake device playing its Y4M, the camera allowed). */
function chromiumFilmingFrame(name: string, frame: Uint8Array) {
  const video = path.join(os.tmpdir(), `snaplist-camera-${name}-${process.pid}.y4m`)
  writeCameraVideo(video, frame)
  return {
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  }
}

/**
 * How to launch Chromium with a camera that films this barcode (a fake device playing its Y4M, the camera allowed
 * without asking): the video is written once, under this process's name.
 */
export const chromiumFilming = (code: string) => chromiumFilmingFrame(code, barcodeFrame(code))

/** How to launch Chromium with a camera that films the QR code of a label of this SKU. */
export const chromiumFilmingLabel = (sku: string) =>
  chromiumFilmingFrame(`label-${sku.replace(/\W/g, '_')}`, labelQrFrame(sku))
