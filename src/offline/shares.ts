// Photos shared to the app wait here until the seller says "Add as draft" or "Discard" (issue 27, F5): a page of
// another site can submit the same form the share sheet does, so what arrives is kept aside, shown, and only becomes a
// draft (which uploads and is analysed) when the seller asks. A store acts for one account, like the draft store.
import { TITLE_MAX } from '../../api/contract/listing-fields.ts'
import type { SharedItem, SnaplistDb } from './db.ts'
import { createDraftStore } from './drafts.ts'

/**
 * The shared title as plain text: control, format (invisible, text-direction) and line characters gone, spaces
 * collapsed, at most the title's length. It is only ever shown as text, never as markup.
 */
export function sharedTitle(raw: unknown): string {
  const text = typeof raw === 'string' ? raw : ''
  return text
    .slice(0, TITLE_MAX * 4)
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TITLE_MAX)
}

/** One account's shared items waiting on this phone for the seller's Add as draft or Discard. */
export interface ShareStore {
  /** Keeps what the share sheet sent, as this account's, stamped now. */
  keep(item: Omit<SharedItem, 'userId' | 'createdAt'>): Promise<void>
  /** The account's shared item, or undefined (gone, another account's, or never there). */
  find(id: string): Promise<SharedItem | undefined>
  /** Makes the shared item a draft (which then uploads) and answers its id; undefined when gone or another account's. */
  addAsDraft(id: string): Promise<string | undefined>
  /** Deletes the account's shared item; another account's stays. */
  discard(id: string): Promise<void>
}

export function createShareStore(db: SnaplistDb, userId: number): ShareStore {
  return {
    keep: async (item: Omit<SharedItem, 'userId' | 'createdAt'>) => {
      await db.shares.put({ ...item, userId, createdAt: Date.now() })
    },

    /** The account's shared item, or undefined (gone, another account's, or never there). */
    find: async (id: string): Promise<SharedItem | undefined> => {
      const item = await db.shares.get(id)
      return item?.userId === userId ? item : undefined
    },

    /** Makes the shared item a draft (which then uploads as any other) and answers its id. */
    addAsDraft: (id: string) =>
      db.transaction('rw', [db.shares, db.drafts, db.photos, db.outbox], async () => {
        const item = await db.shares.get(id)
        if (item?.userId !== userId) return undefined
        const drafts = createDraftStore(db, userId)
        const draftId = item.id
        if (item.title) await drafts.editFields(draftId, { title: item.title })
        await drafts.addPhotos(draftId, item.photos)
        await db.shares.delete(id)
        return draftId
      }),

    discard: async (id: string) => {
      await db.shares
        .where({ userId })
        .filter((item) => item.id === id)
        .delete()
    },
  }
}
