// Turns an upload into what Snaplist stores: decoded by sharp (so only real images pass, whatever their name or
// type header says), orientation applied, all metadata dropped, a 1600 px JPEG, a ~400 px WebP thumbnail, a
// 1024 px JPEG for the AI, and the measured main colour.
import { createHash } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import type { Color } from '../contract/options.ts'
import { AppError } from '../errors.ts'
import { nearestColor } from './colors.ts'

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024
export const MAX_PIXELS = 50_000_000
const LONG_EDGE = 1600
const THUMBNAIL_EDGE = 400
const ANALYSIS_EDGE = 1024
// Vector and document formats can carry scripts or references; photos never need them.
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

// libvips keeps a cache of decoded images for repeat operations; uploads are never repeated, so it only costs memory.
sharp.cache(false)

export interface ProcessedImage {
  jpeg: Buffer
  thumbnail: Buffer
  analysisJpeg: Buffer
  width: number
  height: number
  /** Content hash of the stored JPEG: the same photo always gets the same name. */
  hash: string
  measuredColor: Color
}

const notAnImage = () =>
  new AppError(400, 'not_an_image', 'This file is not a photo Snaplist can read. Choose a JPEG, PNG, WebP or HEIC image.')

export const tooLarge = () => new AppError(413, 'image_too_large', 'This photo is larger than 15 MB. Choose a smaller photo or take a new one.')

async function readHeader(bytes: Buffer) {
  try {
    return await sharp(bytes).metadata()
  } catch {
    throw notAnImage()
  }
}

const resized = (image: Sharp, edge: number) => image.clone().resize(edge, edge, { fit: 'inside', withoutEnlargement: true })

export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge()
  const header = await readHeader(bytes)
  if (!header.format || !PHOTO_FORMATS.has(header.format)) throw notAnImage()
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_PIXELS) {
    throw new AppError(413, 'image_too_many_pixels', 'This photo has more than 50 megapixels. Choose a smaller photo.')
  }
  // 'truncated' refuses cut-off files instead of storing a half-grey picture; rotate() applies EXIF orientation,
  // and sharp writes no metadata unless asked, so GPS and camera details never leave this function.
  const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated', pages: 1 }).rotate()
  try {
    const [main, thumbnail, analysisJpeg, swatch] = await Promise.all([
      resized(source, LONG_EDGE).jpeg({ quality: 85, mozjpeg: true }).toBuffer({ resolveWithObject: true }),
      resized(source, THUMBNAIL_EDGE).webp({ quality: 70 }).toBuffer(),
      resized(source, ANALYSIS_EDGE).jpeg({ quality: 80 }).toBuffer(),
      source.clone().resize(64, 64, { fit: 'inside' }).stats(),
    ])
    return {
      jpeg: main.data,
      thumbnail,
      analysisJpeg,
      width: main.info.width,
      height: main.info.height,
      hash: createHash('sha256').update(main.data).digest('hex').slice(0, 32),
      measuredColor: nearestColor(swatch.dominant),
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw notAnImage()
  }
}
