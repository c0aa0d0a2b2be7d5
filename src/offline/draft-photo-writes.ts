// The draft store's writes to a draft's photos: adding, removing and ordering them, and analysing them afresh when
// they change. Each is one IndexedDB transaction.
import type { Draft, DraftPhoto, SnaplistDb } from './db.ts'
import { outboxEntry, type DraftRecords, type HaulPlacement } from './draft-records.ts'

export interface NewPhoto {
  id: string
  blob: Blob
  thumbnail: Blob
  width: number
  height: number
  takenAt?: number
}

/**
 * Replaces the draft's analysis still waiting (a photo was added, moved or removed) with one of all its photos as they
 * are now; a wait for a busy AI carries over, so a haul's items do not each ask a busy AI again. Nothing without photos
 * or for an edit of a listing that exists (the seller filled its fields).
 */
async function reanalyse(
  db: SnaplistDb,
  userId: number,
  draft: Pick<Draft, 'id' | 'editOf'>,
  photoCount: number,
  stamp: number,
) {
  const waiting = await db.outbox
    .where({ draftId: draft.id })
    .filter((entry) => entry.kind === 'analyze-draft')
    .toArray()
  await db.outbox.bulkDelete(waiting.map((entry) => entry.id!))
  if (photoCount === 0 || draft.editOf) return
  const busy = waiting.find((entry) => entry.lastCode === 'analysis_busy' && entry.nextAttemptAt > stamp)
  const entry = outboxEntry(userId, draft.id, 'analyze-draft', stamp)
  await db.outbox.add(
    busy ? { ...entry, attempts: busy.attempts, nextAttemptAt: busy.nextAttemptAt, lastCode: busy.lastCode } : entry,
  )
}

/** Moves one item of the list to `to`, the others keeping their order. */
function moved<Item>(items: Item[], item: Item, to: number): Item[] {
  const rest = items.filter((candidate) => candidate !== item)
  const at = Math.max(0, Math.min(to, rest.length))
  return [...rest.slice(0, at), item, ...rest.slice(at)]
}

export function draftPhotoWrites({ db, userId, now, own, ensureDraft }: DraftRecords) {
  return {
    /**
     * Photos are stored before anything is sent, then uploaded; once they all are, the draft's photos are analysed
     * together (docs/product.md §12), an item of a haul (`haul`, which also places a new draft) as any draft. Adding
     * photos later analyses them all again (the newer analysis replaces one still waiting). Photos added to a listing
     * that exists (an edit: the seller has filled its fields) are only uploaded.
     */
    addPhotos: (draftId: string, photos: NewPhoto[], haul?: HaulPlacement) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const draft = await ensureDraft(draftId, haul)
        const stamp = now()
        await db.photos.bulkAdd(photos.map((photo): DraftPhoto => ({ ...photo, draftId, userId, createdAt: stamp })))
        await db.outbox.bulkAdd(photos.map((photo) => outboxEntry(userId, draftId, 'upload-photo', stamp, photo.id)))
        await reanalyse(db, userId, draft, draft.photoIds.length + photos.length, stamp)
        await db.drafts.update(draftId, {
          photoIds: [...draft.photoIds, ...photos.map((photo) => photo.id)],
          updatedAt: stamp,
        })
      }),

    /** The draft's photos changed otherwise (one moved to another item of a haul): what waits is analysed afresh. */
    reanalyse: (draftId: string) =>
      db.transaction('rw', db.drafts, db.outbox, async () => {
        const draft = await own(draftId)
        if (draft && draft.state === 'editing') await reanalyse(db, userId, draft, draft.photoIds.length, now())
      }),

    removePhoto: (draftId: string, photoId: string) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const draft = await own(draftId)
        if (!draft) return
        await db.photos.delete(photoId)
        await db.outbox
          .where({ draftId })
          .filter((entry) => entry.photoId === photoId)
          .delete()
        await db.drafts.update(draftId, { photoIds: draft.photoIds.filter((id) => id !== photoId), updatedAt: now() })
      }),

    /** The seller moved a photo (by dragging it, or Move left/right); the first one is the listing's cover. */
    movePhoto: (draftId: string, photoId: string, to: number) =>
      db.transaction('rw', db.drafts, async () => {
        const draft = await own(draftId)
        if (!draft?.photoIds.includes(photoId)) return
        await db.drafts.update(draftId, { photoIds: moved(draft.photoIds, photoId, to), updatedAt: now() })
      }),
  }
}
