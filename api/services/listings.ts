// The rules about listings: owner-scoped, photos must be the owner's stored photos, creation idempotent by clientId,
// deletion takes the photos no other listing uses with it.
import type { Listing, ListingInput } from '../contract/listing.ts'
import type { Sql } from '../db/client.ts'
import * as images from '../db/images.ts'
import * as listings from '../db/listings.ts'
import { badRequest, notFound } from '../errors.ts'
import type { FileStorage } from './storage.ts'

export function createListingService(sql: Sql, storage: FileStorage) {
  async function assertOwnPhotos(userId: number, urls: string[]) {
    const owned = await images.ownedImageUrls(sql, userId, urls)
    const foreign = urls.filter((url) => !owned.has(url))
    if (foreign.length) {
      throw badRequest('Some photos were not uploaded to Snaplist. Remove them and add them again.', { images: 'Every image must be a photo uploaded to Snaplist' })
    }
  }

  return {
    list: (userId: number) => listings.listListings(sql, userId),

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

    async remove(userId: number, id: number): Promise<void> {
      const unused = await sql.begin(async (tx) => {
        const deleted = await listings.deleteListing(tx, userId, id)
        if (!deleted) throw notFound('That listing does not exist or is not yours. Refresh the Dashboard.')
        return images.deleteUnusedImages(tx, userId, deleted.images)
      })
      const keys = unused.flatMap((image) => [image.key, image.key.replace(/\.jpg$/, '-thumb.webp')])
      // The listing is gone either way; a file that could not be removed is only wasted space, so report and go on.
      await storage.remove(keys).catch((error: unknown) => console.error('Could not remove photo files', keys, error))
    },
  }
}

export type ListingService = ReturnType<typeof createListingService>
