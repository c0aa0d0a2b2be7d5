// Turns an upload into what Snaplist stores: decoded by sharp (so only real images pass, whatever their name or
// type header says), orientation applied, all metadata dropped, a 1600 px JPEG, a ~400 px WebP thumbnail, a
// 768 px JPEG for the AI, and the measured main colour.
import { createHash } from 'node:crypto'
import sharp, { type Sharp } from 'sharp'
import type { Color } from '../../contract/options.ts'
import { AppError } from '../../errors.ts'
import { nearestColor } from './colors.ts'

export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024
export const MAX_PIXELS = 50_000_000
const LONG_EDGE = 1600
const THUMBNAIL_EDGE = 400
// What the model gets of each photo: Gemini reads an image of at most 768 px as one tile (258 tokens), so eight
// photos cost about 2,000 tokens, and a label or size tag photographed close up stays legible (decision 0017).
export const ANALYSIS_EDGE = 768
// Vector and document formats can carry scripts or references; photos never need them.
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff'])

// libvips keeps a cache of decoded images for repeat operations; uploads are never repeated, so it only costs memory.
sharp.cache(false)

export interface AnalysisCopy {
  jpeg: Buffer
  measuredColor: Color
}

export interface StoredVersions {
  jpeg: Buffer
  thumbnail: Buffer
  width: number
  height: number
  /** Content hash of the stored JPEG: the same photo always gets the same name. */
  hash: string
}

/** The two outputs of one upload, each ready as soon as its own work is done: the AI need not wait for storage. */
export interface PreparedImage {
  forAnalysis: Promise<AnalysisCopy>
  forStorage: Promise<StoredVersions>
}

const notAnImage = () =>
  new AppError(
    400,
    'not_an_image',
    'This file is not a photo Snaplist can read. Choose a JPEG, PNG, WebP or HEIC image.',
  )

const tooManyPixels = () =>
  new AppError(413, 'image_too_many_pixels', 'This photo has more than 50 megapixels. Choose a smaller photo.')

export const tooLarge = () =>
  new AppError(413, 'image_too_large', 'This photo is larger than 15 MB. Choose a smaller photo or take a new one.')

async function readHeader(bytes: Buffer) {
  try {
    // Only the header is read, so sharp's own pixel limit is lifted here: a bomb declaring billions of pixels gets
    // the 413 below that says why, not "not a photo".
    return await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    throw notAnImage()
  }
}

const resized = (image: Sharp, edge: number) =>
  image.clone().resize(edge, edge, { fit: 'inside', withoutEnlargement: true })

function readable<T>(work: Promise<T>): Promise<T> {
  const mapped = work.catch((error: unknown) => {
    throw error instanceof AppError ? error : notAnImage()
  })
  // A caller may need only one output (a repeated upload needs neither); an unread failure must not crash the process.
  mapped.catch(() => {})
  return mapped
}

function analysisCopy(source: Sharp): Promise<AnalysisCopy> {
  return Promise.all([
    resized(source, ANALYSIS_EDGE).jpeg({ quality: 80 }).toBuffer(),
    source.clone().resize(64, 64, { fit: 'inside' }).stats(),
  ]).then(([jpeg, swatch]) => ({ jpeg, measuredColor: nearestColor(swatch.dominant) }))
}

/** The model's copy of a photo Snaplist stored before (already decoded once, so trusted to be a JPEG). */
export function analysisCopyOfStored(jpeg: Buffer): Promise<AnalysisCopy> {
  return readable(analysisCopy(sharp(jpeg, { limitInputPixels: MAX_PIXELS })))
}

/** Checks the upload is a photo within the limits, then starts both pipelines. */
export async function prepareImage(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw tooLarge()
  const header = await readHeader(bytes)
  if (!header.format || !PHOTO_FORMATS.has(header.format)) throw notAnImage()
  if ((header.width ?? 0) * (header.height ?? 0) > MAX_PIXELS) throw tooManyPixels()
  // 'truncated' refuses cut-off files instead of storing a half-grey picture; rotate() applies EXIF orientation,
  // and sharp writes no metadata unless asked, so GPS and camera details never leave this function.
  const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated', pages: 1 }).rotate()
  const forAnalysis = analysisCopy(source)
  const forStorage = Promise.all([
    // Plain libjpeg-turbo, not mozjpeg: the phone has already compressed the photo, and mozjpeg's few percent
    // cost several times the encode time.
    resized(source, LONG_EDGE).jpeg({ quality: 85 }).toBuffer({ resolveWithObject: true }),
    resized(source, THUMBNAIL_EDGE).webp({ quality: 70 }).toBuffer(),
  ]).then(([main, thumbnail]) => ({
    jpeg: main.data,
    thumbnail,
    width: main.info.width,
    height: main.info.height,
    hash: createHash('sha256').update(main.data).digest('hex').slice(0, 32),
  }))
  return { forAnalysis: readable(forAnalysis), forStorage: readable(forStorage) }
}
