// The hourly sweep of photo files no image row names (issue 27, F1): left by an upload whose process died between
// writing its files and recording them, or by versions before uploads reserved their bytes. A file is swept only
// once it is older than the grace period and no upload under way names it, so an upload in flight is never touched;
// each seller's files are checked again under their row lock, as uploads reserve under it.
import { photoOfThumbnail } from '../../contract/photos.ts'
import type { Sql } from '../../db/client.ts'
import * as reservations from '../../db/photo-reservations.ts'
import * as users from '../../db/users.ts'
import type { FileStorage } from './storage.ts'

export const PHOTO_SWEEP_JOB = 'photo-sweep'
/** Far longer than any upload takes: a file this old that nothing names was left behind. */
export const PHOTO_SWEEP_GRACE_SECONDS = 60 * 60

/** The keys by their folder (a seller's `u<id>`). */
function byFolder(keys: string[]): Map<string, string[]> {
  const folders = new Map<string, string[]>()
  for (const key of keys) {
    const folder = key.split('/')[0]!
    folders.set(folder, [...(folders.get(folder) ?? []), key])
  }
  return folders
}

export async function sweepPhotoFiles(sql: Sql, storage: FileStorage, now = new Date()): Promise<number> {
  await reservations.deleteStale(sql, PHOTO_SWEEP_GRACE_SECONDS)
  const old = await storage.listWrittenBefore(new Date(now.getTime() - PHOTO_SWEEP_GRACE_SECONDS * 1000))
  let swept = 0
  for (const [folder, keys] of byFolder(old)) {
    const userId = /^u(\d+)$/.exec(folder)?.[1]
    swept += await sql.begin(async (tx) => {
      if (userId) await users.lockUser(tx, Number(userId))
      const inUse = await reservations.keysInUse(tx, keys.map(photoOfThumbnail))
      const unused = keys.filter((key) => !inUse.has(photoOfThumbnail(key)))
      await storage.remove(unused)
      return unused.length
    })
  }
  if (swept) console.log(`Photo sweep: removed ${swept} files no photo names`)
  return swept
}
