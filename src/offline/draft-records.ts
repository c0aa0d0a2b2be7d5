// What every part of the draft store stands on: one account's drafts as records (read, made, removed) and the outbox
// entries made for them. A store acts for one account: it makes that account's drafts and treats another account's (a
// shared phone) as if they were not there.
import { type Draft, EMPTY_FIELDS, type OutboxEntry, type OutboxKind, type SnaplistDb } from './db.ts'

/** Where a new draft goes when it is an item of a haul. */
export interface HaulPlacement {
  haulId: string
  position: number
}

export const outboxEntry = (
  userId: number,
  draftId: string,
  kind: OutboxKind,
  now: number,
  photoId?: string,
): OutboxEntry => ({
  draftId,
  userId,
  kind,
  ...(photoId ? { photoId } : {}),
  createdAt: now,
  attempts: 0,
  nextAttemptAt: now,
  status: 'pending',
})

/** One account's drafts on this phone, and the clock their changes are stamped with. */
export function draftRecords(db: SnaplistDb, userId: number, now: () => number) {
  /** The draft if it is this account's; another account's reads as missing. */
  const own = async (id: string): Promise<Draft | undefined> => {
    const draft = await db.drafts.get(id)
    return draft?.userId === userId ? draft : undefined
  }

  /** The draft, made empty (and placed in its haul) when it does not exist yet. */
  async function ensureDraft(id: string, haul?: HaulPlacement): Promise<Draft> {
    const existing = await db.drafts.get(id)
    if (existing && existing.userId !== userId) throw new Error('This draft belongs to another account on this phone.')
    if (existing) return existing
    const draft: Draft = {
      id,
      userId,
      createdAt: now(),
      updatedAt: now(),
      fields: { ...EMPTY_FIELDS },
      edited: [],
      aiFilled: [],
      photoIds: [],
      state: 'editing',
      suggestionsReady: false,
      ...(haul ? { haulId: haul.haulId, haulPosition: haul.position } : {}),
    }
    await db.drafts.add(draft)
    return draft
  }

  /** Deletes the drafts with these ids, with their photos and entries. */
  async function removeDrafts(ids: string[]) {
    await db.outbox.where('draftId').anyOf(ids).delete()
    await db.photos.where('draftId').anyOf(ids).delete()
    await db.drafts.bulkDelete(ids)
  }

  return { db, userId, now, own, ensureDraft, removeDrafts }
}

export type DraftRecords = ReturnType<typeof draftRecords>
