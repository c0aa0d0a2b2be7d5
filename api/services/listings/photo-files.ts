// Photo files after their rows are gone: removed once the transaction that deleted the rows has committed, so a
// rollback never leaves a row without its file (a file left behind is only wasted space).
import type { Listing } from '../../contract/listing.ts'
import { thumbnailOf } from '../../contract/photos.ts'
import type { Sql, Tx } from '../../db/client.ts'
import * as images from '../../db/images.ts'
import type { FileStorage } from './storage.ts'

/**
 * Removes the files of photos whose rows are already deleted: the JPEG and the thumbnail beside it. Call it after
 * the transaction commits; the rows are gone either way, and a file that could not be removed is only wasted
 * space, so a failure is reported and not thrown.
 */
export async function removePhotoFiles(storage: FileStorage, deleted: images.ImageRow[]): Promise<void> {
  const keys = deleted.flatMap((image) => [image.key, thumbnailOf(image.key)])
  if (keys.length === 0) return
  await storage.remove(keys).catch((error: unknown) => console.error('Could not remove photo files', keys, error))
}

/** Deletes the row `deleteRow` deletes and the photos no other listing uses (files after the commit); false when there was none. */
export async function deleteWithPhotos(
  sql: Sql,
  storage: FileStorage,
  deleteRow: (tx: Tx) => Promise<Listing | undefined>,
): Promise<boolean> {
  const unused = await sql.begin(async (tx) => {
    const deleted = await deleteRow(tx)
    return deleted ? images.deleteUnusedImages(tx, deleted.userId, deleted.images) : undefined
  })
  if (unused) await removePhotoFiles(storage, unused)
  return unused !== undefined
}
