// Deleting an account and everything it owns: by an administrator, or by its owner from the account screen.
import type { Sql, Tx } from '../../db/client.ts'
import * as images from '../../db/images.ts'
import * as listings from '../../db/listings.ts'
import * as sessions from '../../db/sessions.ts'
import * as users from '../../db/users.ts'
import { notFound } from '../../errors.ts'
import { removePhotoFiles } from '../listings/photo-files.ts'
import type { FileStorage } from '../listings/storage.ts'

/**
 * Deletes the account with its sessions, listings and photos in one transaction, once mayDelete (which throws to
 * refuse) has looked at the locked row; the photo files, and the account's photo folder, go after it commits.
 */
export async function deleteAccount(
  { sql, storage }: { sql: Sql; storage: FileStorage },
  id: number,
  mayDelete: (tx: Tx, user: users.UserRow) => Promise<void>,
): Promise<void> {
  const photos = await sql.begin(async (tx) => {
    const user = await users.lockUser(tx, id)
    if (!user) throw notFound('That user no longer exists. Refresh the page.')
    await mayDelete(tx, user)
    await sessions.deleteUserSessions(tx, id)
    await listings.deleteUserListings(tx, id)
    const deletedPhotos = await images.deleteUserImages(tx, id)
    // Anything else a user owns (marketplace connections, pending authorizations) references users with on delete
    // cascade and goes here.
    await users.deleteUser(tx, id)
    return deletedPhotos
  })
  await removePhotoFiles(storage, photos)
  // The whole folder, with any file no row named (issue 27, F1): nothing of the account stays served at /files/.
  await storage
    .removeFolder(`u${id}`)
    .catch((error: unknown) => console.error(`Could not remove the photo folder of account ${id}`, error))
}
