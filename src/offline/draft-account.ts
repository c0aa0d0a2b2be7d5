// The draft store's writes for the account as a whole: forgetting drafts that have served their purpose, what logging
// out leaves on the phone, and the drafts made before drafts had an owner.
import type { DraftRecords } from './draft-records.ts'
import { isUntouched } from './untouched-draft.ts'

/** How much of one account is on this phone and not on the server yet. */
export interface UnsyncedCounts {
  drafts: number
  photos: number
  /** Expenses added on the phone (decision 0062). */
  expenses: number
}

export function draftAccount({ db, userId, removeDrafts }: DraftRecords) {
  const unsynced = () =>
    db.drafts
      .where({ userId })
      .filter((draft) => draft.state !== 'done')
      .toArray()

  return {
    /**
     * Done drafts have served their purpose once the Dashboard shows the listing itself, unless an analysis still
     * waits or late suggestions still have something to say (the seller dismisses those).
     */
    forgetDone: (listingIds: number[]) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        // A draft whose analysis still waits, or whose late suggestions the seller has not dismissed, stays.
        const waiting = new Set((await db.outbox.where({ userId }).toArray()).map((entry) => entry.draftId))
        const done = await db.drafts
          .where({ userId })
          .filter(
            (draft) =>
              draft.state === 'done' &&
              listingIds.includes(draft.listingId ?? -1) &&
              !waiting.has(draft.id) &&
              draft.lateFilled === undefined,
          )
          .toArray()
        await removeDrafts(done.map((draft) => draft.id))
      }),

    /**
     * Drafts nothing was put into (untouched-draft.ts) go: the one the seller leaves (`id`), or every one of the
     * account's when the Dashboard opens (a tab closed on an empty form). What is queued for one goes with it: the
     * analysis of a photo since removed has nothing left to read.
     */
    forgetUntouched: (id?: string) =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const drafts = id === undefined ? await db.drafts.where({ userId }).toArray() : [await db.drafts.get(id)]
        await removeDrafts(
          drafts.flatMap((draft) => (draft?.userId === userId && isUntouched(draft) ? [draft.id] : [])),
        )
      }),

    /** What logging out would leave on the phone: drafts not on the server yet, their photos, and expenses. */
    unsyncedCounts: async (): Promise<UnsyncedCounts> => {
      const drafts = await unsynced()
      return {
        drafts: drafts.length,
        photos: drafts.reduce((sum, draft) => sum + draft.photoIds.length, 0),
        expenses: await db.expenses.where({ userId }).count(),
      }
    },

    /**
     * Logging out: the drafts already on the server go (their previews too); the rest, and the expenses not sent yet,
     * only when the seller says so.
     */
    leavePhone: (removeUnsynced: boolean) =>
      db.transaction('rw', [db.drafts, db.photos, db.outbox, db.expenses], async () => {
        const drafts = await db.drafts.where({ userId }).toArray()
        await removeDrafts(drafts.filter((draft) => removeUnsynced || draft.state === 'done').map((draft) => draft.id))
        if (!removeUnsynced) return
        const expenses = await db.expenses.where({ userId }).primaryKeys()
        await db.outbox.where('draftId').anyOf(expenses).delete()
        await db.expenses.bulkDelete(expenses)
      }),

    /** Gives the records made before drafts had an owner (database version 1) to this account. */
    claimUnowned: () =>
      db.transaction('rw', db.drafts, db.photos, db.outbox, async () => {
        const unowned = (record: { userId?: number }) => record.userId === undefined
        await db.drafts.filter(unowned).modify({ userId })
        await db.photos.filter(unowned).modify({ userId })
        await db.outbox.filter(unowned).modify({ userId })
      }),
  }
}
