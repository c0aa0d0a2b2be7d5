// A marketplace's pictures copied in as the seller's photos, through the photo pipeline (thumbnails, other marketplaces
// and offline all work as for an upload): an imported listing's pictures (decisions 0037, 0078) and the catalog
// product's stock photo (decision 0046). Only from the marketplace's picture host (no redirect is followed, so none
// leads elsewhere), at most 15 MB each (read
// as it arrives and cut off there, whatever Content-Length says or not), within 20 s; the same picture copied again for
// the same seller is the same photo.
import { createHash } from 'node:crypto'
import type { StoredImage } from '../../contract/analysis.ts'
import { AppError } from '../../errors.ts'
import type { PhotoService } from './photos.ts'

const PICTURE_BYTES_MAX = 15 * 1024 * 1024
const PICTURE_TIMEOUT_MS = 20_000

/** The body, unless it passes `max` bytes: then reading stops there and the rest is never fetched. */
async function readAtMost(body: ReadableStream<Uint8Array>, max: number): Promise<Buffer | undefined> {
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength
    if (size > max) {
      await reader.cancel()
      return undefined
    }
    chunks.push(read.value)
  }
  return Buffer.concat(chunks)
}

/**
 * A UUID made from the seller and a text (a marketplace's picture, its listing): the same picture copied again (an
 * import's page done twice) is the same photo, the same item the same listing.
 */
export function derivedUuid(userId: number, text: string): string {
  const hex = createHash('sha256').update(`${userId} ${text}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export interface PictureCopyDeps {
  photos: Pick<PhotoService, 'copyIn'>
  /** The marketplace's picture host (declared by its wing; a stand-in's in tests): no other
   * address is fetched. */
  picturesOrigin: string
  fetcher?: typeof fetch
}

export type PictureCopy = (userId: number, url: string) => Promise<StoredImage | undefined>

/**
 * Copies one of the marketplace's pictures in as the seller's photo; undefined when it is not from its host, cannot be fetched, is too
 * large or is not an image. Full storage is thrown (its words reach the seller).
 */
export function createPictureCopy({ photos, picturesOrigin, fetcher = fetch }: PictureCopyDeps): PictureCopy {
  return async (userId: number, url: string): Promise<StoredImage | undefined> => {
    if (!URL.canParse(url) || new URL(url).origin !== picturesOrigin) return undefined
    const signal = AbortSignal.timeout(PICTURE_TIMEOUT_MS)
    const response = await fetcher(url, { signal, redirect: 'error' }).catch(() => undefined)
    const size = Number(response?.headers.get('content-length') ?? 0)
    if (!response?.ok || !response.body || size > PICTURE_BYTES_MAX) {
      await response?.body?.cancel()
      return undefined
    }
    const bytes = await readAtMost(response.body, PICTURE_BYTES_MAX).catch(() => undefined)
    if (!bytes) return undefined
    try {
      return await photos.copyIn(userId, derivedUuid(userId, url), bytes)
    } catch (error) {
      if (error instanceof AppError && error.code === 'storage_quota_reached') throw error
      return undefined
    }
  }
}
