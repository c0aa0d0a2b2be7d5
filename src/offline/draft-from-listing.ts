// Drafts made from a listing that exists, each one IndexedDB transaction: an edit of it (Edit on a row), or a new
// listing like it (Sell similar, issue 47: the next identical item). Both hold the listing's values and its stored
// photos by their URLs, so they open with no signal and send nothing but the listing itself.
import type { Listing } from '../../api/contract/listing.ts'
import { catalogCategoryOf } from '../../api/contract/marketplace-listing-parts.ts'
import type { Draft, DraftField, DraftFields, DraftPhoto } from './db.ts'
import { fieldsOfListing } from './draft-fills.ts'
import type { DraftRecords } from './draft-records.ts'

/**
 * What a new listing like this one starts from: its values, but a SKU of its own (blank: Snaplist makes one), one
 * piece, and no private notes (they were about that piece). Its cost and where and when it was bought stay: the next
 * identical item most often came in the same lot, and the seller sees them to change.
 */
function similarFields(listing: Listing): DraftFields {
  return { ...fieldsOfListing(listing), sku: '', quantity: '1', privateNotes: '' }
}

export function draftFromListing({ db, userId, now, own }: DraftRecords) {
  /** A draft `id` holding these values and the listing's stored photos, in the listing's order. */
  async function addDraft(
    id: string,
    listing: Listing,
    fields: DraftFields,
    newId: () => string,
    more: Partial<Draft>,
  ) {
    const stamp = now()
    const photos = listing.images.map((serverUrl): DraftPhoto => ({
      id: newId(),
      draftId: id,
      userId,
      createdAt: stamp,
      width: 0,
      height: 0,
      serverUrl,
    }))
    const draft: Draft = {
      id,
      userId,
      createdAt: stamp,
      updatedAt: stamp,
      fields,
      // The listing's values are the seller's: no analysis overwrites them.
      edited: Object.keys(fields) as DraftField[],
      aiFilled: [],
      photoIds: photos.map((photo) => photo.id),
      state: 'editing',
      suggestionsReady: false,
      ...more,
    }
    await db.drafts.add(draft)
    await db.photos.bulkAdd(photos)
  }

  return {
    /**
     * Edit on a listing: its unfinished edit on this phone if there is one, else a new edit draft holding the listing's
     * values and its stored photos, made against its version. Returns the draft's id.
     */
    startEdit: (listing: Listing, newId: () => string) =>
      db.transaction('rw', db.drafts, db.photos, async (): Promise<string> => {
        const unfinished = await db.drafts
          .where('editOf.listingId')
          .equals(listing.id)
          .filter((draft) => draft.userId === userId && draft.state !== 'done')
          .first()
        if (unfinished) return unfinished.id
        const id = newId()
        await addDraft(id, listing, fieldsOfListing(listing), newId, {
          editOf: { listingId: listing.id, version: listing.version },
        })
        return id
      }),

    /**
     * Sell similar: draft `id` becomes a new listing's draft from this one (similarFields, its photos and the
     * catalog's category); nothing when that draft exists already (the screen opened again after a reload).
     */
    startSimilar: (listing: Listing, id: string, newId: () => string) =>
      db.transaction('rw', db.drafts, db.photos, async () => {
        if (await own(id)) return
        const kept = catalogCategoryOf(listing)
        await addDraft(id, listing, similarFields(listing), newId, {
          ...(kept ? { catalogCategory: kept.category } : {}),
          catalogCategoryChosen: kept?.chosen ?? false,
        })
      }),
  }
}
