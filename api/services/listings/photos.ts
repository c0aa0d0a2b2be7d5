// Stores photos and runs the analysis: one place that knows a photo is a 1600 px JPEG plus its thumbnail, named by
// content hash under the owner's folder, recorded in the images table under the photo's UUID.
import { randomUUID } from 'node:crypto'
import type { AnalysisResult, StoredImage } from '../../contract/analysis.ts'
import { thumbnailOf } from '../../contract/photos.ts'
import type { Sql } from '../../db/client.ts'
import * as images from '../../db/images.ts'
import * as users from '../../db/users.ts'
import { AppError, conflict } from '../../errors.ts'
import type { AnalysisService, RecentCopies } from './analysis.ts'
import { prepareImage, type StoredVersions } from './images.ts'
import type { FileStorage } from './storage.ts'

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

const quotaReached = (quotaBytes: number) =>
  new AppError(
    413,
    'storage_quota_reached',
    `Your photo storage is full (${quotaBytes >= MB ? `${Math.round(quotaBytes / MB)} MB` : `${Math.ceil(quotaBytes / 1024)} KB`}). Delete listings you no longer need to free space, then add the photo again.`,
  )

export function createPhotoService({ sql, storage, analysis, recent, quotaBytes = DEFAULT_PHOTO_QUOTA_BYTES }: PhotoServiceDeps) {
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

  async function store(userId: number, id: string, photo: StoredVersions): Promise<StoredImage> {
    const name = `u${userId}/${photo.hash}.jpg`
    // Files first, row second: a crash in between leaves an unreferenced file, never a row pointing at nothing.
    const [main, thumbnail] = await Promise.all([
      storage.put(name, photo.jpeg, 'image/jpeg'),
      storage.put(thumbnailOf(name), photo.thumbnail, 'image/webp'),
    ])
    const image = { id, userId, key: main.key, url: main.url, thumbnailUrl: thumbnail.url, width: photo.width, height: photo.height, bytes: photo.jpeg.length }
    const row = await sql.begin(async (tx) => {
      await users.lockUser(tx, userId)
      return images.insertImage(tx, image, quotaBytes)
    })
    // Parallel uploads that all passed checkQuota: the one that no longer fits is refused here. Its files stay unused,
    // as after a crash between the two steps; content-hashed, they may also be another row's, so are not removed.
    if (row === 'over_quota') throw quotaReached(quotaBytes)
    return toStoredImage(row)
  }

  return {
    /** Idempotent by id: the same id again returns the photo stored the first time, without processing it again. */
    async upload(userId: number, id: string, bytes: Buffer): Promise<{ image: StoredImage; created: boolean }> {
      const found = await existing(userId, id)
      if (found) return { image: found, created: false }
      await checkQuota(userId)
      const { forStorage, forAnalysis } = await prepareImage(bytes)
      const image = await store(userId, id, await forStorage)
      recent.remember(id, forAnalysis)
      return { image, created: true }
    },

    /** SPEC's one-photo analysis: stores the photo and analyses it alone; `user.isAdmin` decides whether a notice may name the server's settings. */
    async analyze(user: { id: number; isAdmin: boolean }, bytes: Buffer, id: string = randomUUID(), signal?: AbortSignal): Promise<AnalysisResult> {
      const userId = user.id
      if (!(await images.findImage(sql, id))) await checkQuota(userId)
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

export type PhotoService = ReturnType<typeof createPhotoService>
