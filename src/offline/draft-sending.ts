// The draft store's writes around sending a draft: handing it to the outbox, trying again after a refusal or a
// conflict, and what the phone keeps once the server has it. Each is one IndexedDB transaction.
import type { Listing } from '../../api/contract/listing.ts'
import { isAnalysis, type OutboxEntry, writesListing } from './db.ts'
import { outboxEntry, type DraftRecords } from './draft-records.ts'

const requeue = (at: number) => (entry: OutboxEntry) => {
  entry.status = 'pending'
  entry.attempts = 0
  entry.nextAttemptAt = at
  delete entry.lastError
}

export function draftSending({ db, userId, now, own, removeDrafts }: DraftRecords) {
  /**
   * Once the listing exists the photos are on the server, and the phone keeps only their small previews; except a photo
   * whose analysis still waits for the AI, which needs it to try again.
   */
  async function dropSentPhotos(draftId: string) {
    const waiting = new Set((await db.outbox.where({ draftId }).toArray()).map((entry) => entry.photoId))
    await db.photos
      .where({ draftId })
      .filter((photo) => !waiting.has(photo.id))
      .modify((photo) => void delete photo.blob)
  }

  return {
    /**
     * Create Listing: from here the sync engine owns the draft until the listing exists or the server refuses.
     * Submitting again after a refusal is the seller's answer to it, so refused entries are tried again too.
     */
    submit: (id: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(id)
        if (!draft || draft.state === 'done') return
        // An analysis waiting for a busy AI keeps its back-off: the listing does not wait for it anyway.
        await db.outbox
          .where({ draftId: id })
          .filter((entry) => !(entry.photoStored && entry.status === 'pending'))
          .modify(requeue(now()))
        const queued = await db.outbox
          .where({ draftId: id })
          .filter((entry) => writesListing(entry.kind))
          .count()
        if (!queued)
          await db.outbox.add(outboxEntry(userId, id, draft.editOf ? 'update-listing' : 'create-listing', now()))
        await db.drafts.update(id, {
          state: 'queued',
          suggestionsReady: false,
          error: undefined,
          errorFields: undefined,
          updatedAt: now(),
        })
      }),

    discard: (id: string) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        if (await own(id)) await removeDrafts([id])
      }),

    /** Retry after a refusal: every parked entry of the draft is tried again now. */
    retry: (id: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(id)
        if (!draft) return
        await db.outbox.where({ draftId: id }).modify(requeue(now()))
        const submitted =
          (await db.outbox
            .where({ draftId: id })
            .filter((entry) => writesListing(entry.kind))
            .count()) > 0
        await db.drafts.update(id, {
          state: submitted ? 'queued' : 'editing',
          error: undefined,
          errorFields: undefined,
          updatedAt: now(),
        })
      }),

    /** The listing exists: the photos that were sent leave the phone, only their small previews stay. */
    created: (id: string, listingId: number) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        await db.drafts.update(id, { state: 'done', listingId, error: undefined, errorFields: undefined })
        await dropSentPhotos(id)
      }),

    /** The server has the edit: the listing is as the draft says, at this version. */
    saved: (id: string, listing: Listing) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        await db.drafts.update(id, {
          state: 'done',
          listingId: listing.id,
          editOf: { listingId: listing.id, version: listing.version },
          conflict: undefined,
          error: undefined,
          errorFields: undefined,
        })
        await dropSentPhotos(id)
      }),

    /** Keep mine: the seller's edit goes again, now made against the version the server showed. */
    keepMine: (id: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(id)
        if (!draft?.editOf || !draft.conflict) return
        await db.outbox.where({ draftId: id }).modify(requeue(now()))
        await db.drafts.update(id, {
          editOf: { ...draft.editOf, version: draft.conflict.version },
          conflict: undefined,
          state: 'queued',
          error: undefined,
          errorFields: undefined,
          updatedAt: now(),
        })
      }),

    /** Retry now: the analyses waiting for a busy AI are tried at once. */
    retryAnalysis: async (id: string) => {
      if (await own(id)) await db.outbox.where({ draftId: id }).filter(isAnalysis).modify({ nextAttemptAt: now() })
    },

    /** Skip: the seller goes on without the AI; the photos are on the server already. */
    skipAnalysis: async (id: string) => {
      if (await own(id))
        await db.outbox
          .where({ draftId: id })
          .filter((entry) => isAnalysis(entry) && entry.photoStored === true)
          .delete()
    },
  }
}
