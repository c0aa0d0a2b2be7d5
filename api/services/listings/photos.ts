// Stores photos and runs the analysis: one place that knows a photo is a 1600 px JPEG plus its thumbnail, named by
// content hash under the owner's folder, recorded in the images table under the photo's UUID.
import { randomUUID } from 'node:crypto'
import type { AnalysisResult, StoredImage } from '../../contract/analysis.ts'
import { thumbnailOf } from '../../contract/photos.ts'
import type { Sql } from '../../db/client.ts'
import * as images from '../../db/images.ts'
import * as reservations from '../../db/photo-reservations.ts'
import * as users from '../../db/users.ts'
import { AppError, conflict } from '../../errors.ts'
import type { AnalysisService, RecentCopies } from './analysis.ts'
import { prepareImage, type StoredVersions } from './images.ts'
import type { FileStorage } from './storage.ts'
import { createLimiter, type LimitRule } from '../rate-limit.ts'

const toStoredImage = (row: images.ImageRow): StoredImage => ({
  id: row.id,
  imageUrl: row.url,
  thumbnailUrl: row.thumbnailUrl,
  width: row.width,
  height: row.height,
})

export interface PhotoServiceDeps {
  sql: Sql
  storage: FileStorage
  analysis: AnalysisService
  /** Where an upload leaves the model's copy of the photo, for the draft's analysis that follows. */
  recent: RecentCopies
  /** How many bytes of photos each seller may keep (PHOTO_QUOTA_MB). */
  quotaBytes?: number
}

const MB = 1024 * 1024
const DEFAULT_PHOTO_QUOTA_BYTES = 1024 * MB
/** New photos one seller may send: a 30-item haul of 8 photos each fits; a script filling the disk does not. */
export const PHOTO_UPLOAD_LIMIT: LimitRule = { max: 300, windowSeconds: 15 * 60 }

const quotaReached = (quotaBytes: number) =>
  new AppError(
    413,
    'storage_quota_reached',
    `Your photo storage is full (${quotaBytes >= MB ? `${Math.round(quotaBytes / MB)} MB` : `${Math.ceil(quotaBytes / 1024)} KB`}). Delete listings you no longer need to free space, then add the photo again.`,
  )

export interface PhotoService {
  /** Idempotent by id: the same id again returns the photo stored the first time, without processing it again. */
  upload(userId: number, id: string, bytes: Buffer): Promise<{ image: StoredImage; created: boolean }>
  /**
   * A photo Snaplist copies in for the seller (a marketplace listing's picture, on import: docs/decisions/0037): stored
   * as an
   * upload is and counted against their storage, not against the uploads a phone may send; idempotent by id.
   */
  copyIn(userId: number, id: string, bytes: Buffer): Promise<StoredImage>
  /**
   * SPEC's one-photo analysis: stores the photo and analyses it alone; `user.isAdmin` decides whether a notice may name
   * the server's settings.
   */
  analyze(
    user: { id: number; isAdmin: boolean },
    bytes: Buffer,
    id?: string,
    signal?: AbortSignal,
  ): Promise<AnalysisResult>
}

export function createPhotoService({
  sql,
  storage,
  analysis,
  recent,
  quotaBytes = DEFAULT_PHOTO_QUOTA_BYTES,
}: PhotoServiceDeps): PhotoService {
  const uploadLimiter = createLimiter(
    sql,
    'photo-upload',
    { perSeller: PHOTO_UPLOAD_LIMIT },
    (wait) => `You sent many photos in a short time. Your drafts keep them; they are sent again in ${wait}.`,
  )

  /** Refuses early, before any decoding, once the seller's storage is full. */
  async function checkQuota(userId: number): Promise<void> {
    if ((await images.usedPhotoBytes(sql, userId)) >= quotaBytes) throw quotaReached(quotaBytes)
  }

  async function existing(userId: number, id: string): Promise<StoredImage | undefined> {
    const row = await images.findImage(sql, id)
    if (!row) return undefined
    if (row.userId !== userId) throw conflict('This photo id is already in use. Take or choose the photo again.')
    return toStoredImage(row)
  }

  /** Takes back an upload that will not become a photo: its reservation, and its files unless a row or another upload names them. */
  async function discard(userId: number, reservationId: string, key: string): Promise<void> {
    // Under the seller's lock, as reservations are made: no upload of the same content can claim the files meanwhile.
    await sql.begin(async (tx) => {
      await users.lockUser(tx, userId)
      await reservations.release(tx, reservationId)
      if (!(await reservations.keysInUse(tx, [key])).has(key)) await storage.remove([key, thumbnailOf(key)])
    })
  }

  async function store(userId: number, id: string, photo: StoredVersions): Promise<StoredImage> {
    const key = `u${userId}/${photo.hash}.jpg`
    const reservation = { id: randomUUID(), userId, key, bytes: photo.jpeg.length }
    // The bytes are reserved against the quota before anything is written (issue 27, F1): a photo that does not fit,
    // however many uploads run at once, leaves nothing on the disk.
    const reserved = await sql.begin(async (tx) => {
      await users.lockUser(tx, userId)
      return reservations.reserve(tx, reservation, quotaBytes)
    })
    if (!reserved) throw quotaReached(quotaBytes)
    try {
      const [main, thumbnail] = await Promise.all([
        storage.put(key, photo.jpeg, 'image/jpeg'),
        storage.put(thumbnailOf(key), photo.thumbnail, 'image/webp'),
      ])
      const image = {
        id,
        userId,
        key: main.key,
        url: main.url,
        thumbnailUrl: thumbnail.url,
        width: photo.width,
        height: photo.height,
        bytes: photo.jpeg.length,
      }
      const row = await sql.begin(async (tx) => {
        await users.lockUser(tx, userId)
        await reservations.release(tx, reservation.id)
        return images.insertImage(tx, image, quotaBytes)
      })
      if (row === 'over_quota') throw quotaReached(quotaBytes)
      // A parallel upload of the same id stored its own files first: these are only kept if something names them.
      if (row.key !== key) await discard(userId, reservation.id, key)
      return toStoredImage(row)
    } catch (error) {
      await discard(userId, reservation.id, key)
      throw error
    }
  }

  /** Counted first, in one statement, before the photo is decoded: only new photos count, not one sent again. */
  const countUpload = (userId: number) => uploadLimiter.consume({ perSeller: String(userId) })

  return {
    async upload(userId: number, id: string, bytes: Buffer): Promise<{ image: StoredImage; created: boolean }> {
      const found = await existing(userId, id)
      if (found) return { image: found, created: false }
      await countUpload(userId)
      await checkQuota(userId)
      const { forStorage, forAnalysis } = await prepareImage(bytes)
      const image = await store(userId, id, await forStorage)
      recent.remember(id, forAnalysis)
      return { image, created: true }
    },

    async copyIn(userId: number, id: string, bytes: Buffer): Promise<StoredImage> {
      const found = await existing(userId, id)
      if (found) return found
      await checkQuota(userId)
      const { forStorage } = await prepareImage(bytes)
      return store(userId, id, await forStorage)
    },

    async analyze(
      user: { id: number; isAdmin: boolean },
      bytes: Buffer,
      id: string = randomUUID(),
      signal?: AbortSignal,
    ): Promise<AnalysisResult> {
      const userId = user.id
      if (!(await images.findImage(sql, id))) {
        await countUpload(userId)
        await checkQuota(userId)
      }
      const photo = await prepareImage(bytes)
      // Both run at once; the photo is stored before any answer, so a failed analysis never loses it and the
      // phone can fall back to POST /api/images with the same id.
      const [stored, analysed] = await Promise.allSettled([
        existing(userId, id).then(async (found) => found ?? store(userId, id, await photo.forStorage)),
        photo.forAnalysis.then((copy) => analysis.analyzeCopies(user, [copy], signal)),
      ])
      if (stored.status === 'rejected') throw stored.reason
      if (analysed.status === 'rejected') throw analysed.reason
      const image = stored.value
      return { ...analysed.value, imageId: image.id, imageUrl: image.imageUrl, thumbnailUrl: image.thumbnailUrl }
    },
  }
}
