// The rules about listings: owner-scoped, photos must be the owner's stored photos, creation idempotent by clientId,
// deletion takes the photos no other listing uses with it.
import type { Listing, ListingInput } from '../contract/listing.ts'
import type { Sql, Tx } from '../db/client.ts'
import * as images from '../db/images.ts'
import * as listings from '../db/listings.ts'
import { badRequest, notFound } from '../errors.ts'
import type { FileStorage } from './storage.ts'

/**
 * Removes the files of photos whose rows are already deleted: the JPEG and the thumbnail beside it. Call it after
 * the transaction commits; the rows are gone either way, and a file that could not be removed is only wasted
 * space, so a failure is reported and not thrown.
 */
export async function removePhotoFiles(storage: FileStorage, deleted: images.ImageRow[]): Promise<void> {
  const keys = deleted.flatMap((image) => [image.key, image.key.replace(/\.jpg$/, '-thumb.webp')])
  if (keys.length === 0) return
  await storage.remove(keys).catch((error: unknown) => console.error('Could not remove photo files', keys, error))
}

/** ebayItemUrl: where a buyer sees an eBay listing, up to its id (hostsOf(…).item in ./ebay.ts). */
export function createListingService(sql: Sql, storage: FileStorage, ebayItemUrl: string) {
  async function assertOwnPhotos(userId: number, urls: string[]) {
    const owned = await images.ownedImageUrls(sql, userId, urls)
    const foreign = urls.filter((url) => !owned.has(url))
    if (foreign.length) {
      throw badRequest('Some photos were not uploaded to Snaplist. Remove them and add them again.', { images: 'Every image must be a photo uploaded to Snaplist' })
    }
  }

  async function removeListing(deleteRow: (tx: Tx) => Promise<Listing | undefined>, missing: string): Promise<void> {
    const unused = await sql.begin(async (tx) => {
      const deleted = await deleteRow(tx)
      if (!deleted) throw notFound(missing)
      return images.deleteUnusedImages(tx, deleted.userId, deleted.images)
    })
    await removePhotoFiles(storage, unused)
  }

  return {
    /** The JSON text of the seller's Listing[], ready to send, with the View on eBay address of those live there. */
    listJson: (userId: number) => listings.listListingsJson(sql, userId, ebayItemUrl),

    /** Returns the listing and whether it was created now (false: this clientId was seen before). */
    async create(userId: number, input: ListingInput): Promise<{ listing: Listing; created: boolean }> {
      if (input.clientId) {
        const earlier = await listings.findListingByClientId(sql, userId, input.clientId)
        if (earlier) return { listing: earlier, created: false }
      }
      await assertOwnPhotos(userId, input.images)
      const images = [...new Set(input.images)]
      return sql.begin(async (tx) => {
        const inserted = await listings.insertListing(tx, userId, { ...input, images })
        if (inserted) return { listing: inserted, created: true }
        // A concurrent request with the same clientId won the insert.
        return { listing: (await listings.findListingByClientId(tx, userId, input.clientId!))!, created: false }
      })
    },

    remove: (userId: number, id: number) =>
      removeListing((tx) => listings.deleteListing(tx, userId, id), 'That listing does not exist or is not yours. Refresh the Dashboard.'),

    /** For admins: any owner's listing. */
    removeAny: (id: number) => removeListing((tx) => listings.deleteAnyListing(tx, id), 'That listing no longer exists. Refresh the page.'),
  }
}

export type ListingService = ReturnType<typeof createListingService>
