// Test photos made on the spot with sharp: camera-sized JPEGs with EXIF (GPS included), solid colours, odd files,
// and decompression bombs written byte by byte.
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'

/** A JPEG of the given size with camera EXIF, including a GPS position, and orientation 6 (rotated). */
export async function cameraJpeg({
  width = 4000,
  height = 3000,
  color = { r: 200, g: 30, b: 40 },
} = {}): Promise<Buffer> {
  // Noise makes the file photo-sized (a flat colour would compress to almost nothing).
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 0, sigma: 30 } },
  })
    .raw()
    .toBuffer()
  const base = sharp({ create: { width, height, channels: 3, background: color } }).composite([
    { input: noise, raw: { width, height, channels: 3 }, blend: 'soft-light' },
  ])
  return (
    base
      .jpeg({ quality: 92 })
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Thrift 3000' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      // Sharp writes the orientation tag itself; set through withExif it is overwritten with 1.
      .withMetadata({ orientation: 6 })
      .toBuffer()
  )
}

export const solidJpeg = (color: { r: number; g: number; b: number }, width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer()

export function photoForm(
  bytes: Buffer | string,
  {
    id,
    name = 'photo.jpg',
    type = 'image/jpeg',
  }: { id?: string; name?: string | undefined; type?: string | undefined } = {},
): FormData {
  const form = new FormData()
  if (id) form.append('id', id)
  form.append('image', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name)
  return form
}

/**
 * A photo-like 4000×3000 JPEG of about 4.6 MB: noise at five scales, coarse to fine, gives the detail at every
 * scale a real photo has, so it shrinks, compresses and thumbnails like one (a flat or pure-noise picture does not).
 */
export async function photoLikeJpeg(width = 4000, height = 3000): Promise<Buffer> {
  const layer = async (layerWidth: number, layerHeight: number, sigma: number) => {
    const small = await sharp({
      create: {
        width: layerWidth,
        height: layerHeight,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma },
      },
    })
      .png()
      .toBuffer()
    return sharp(small).resize(width, height, { kernel: 'cubic' }).raw().toBuffer()
  }
  const layers = await Promise.all([
    layer(8, 6, 70),
    layer(40, 30, 50),
    layer(200, 150, 18),
    layer(1000, 750, 7),
    layer(width, height, 10),
  ])
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) {
    let value = 128
    for (const scale of layers) value += scale[i]! - 128
    pixels[i] = Math.max(0, Math.min(255, value))
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 1 })
    .toBuffer()
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A decompression bomb: a PNG of a few hundred bytes whose header declares a canvas of width × height RGB pixels. */
export function pngDeclaring(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  // Ten rows of zeros, compressed: the rest of the claimed canvas is simply missing.
  const rows = deflateSync(Buffer.alloc((width * 3 + 1) * 10))
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A real JPEG whose frame header (SOF0) is rewritten to claim width × height (each at most 65535). */
export function jpegDeclaring(jpeg: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(jpeg)
  const sof = patched.indexOf(Buffer.from([0xff, 0xc0]))
  if (sof < 0) throw new Error('The JPEG has no baseline frame header to rewrite')
  patched.writeUInt16BE(height, sof + 5)
  patched.writeUInt16BE(width, sof + 7)
  return patched
}

/** A small JPEG whose EXIF says when it was taken (DateTimeOriginal, "YYYY:MM:DD HH:MM:SS"), as a phone camera writes it. */
export const takenAtJpeg = (dateTimeOriginal: string, color = { r: 90, g: 140, b: 60 }, width = 640, height = 480) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD2: { DateTimeOriginal: dateTimeOriginal } })
    .toBuffer()
