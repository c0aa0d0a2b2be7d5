// Expenses added on the phone (docs/decisions/0062): kept with their receipt's photo in IndexedDB and handed to the
// outbox in one transaction, as drafts are, so one added with no signal is sent when signal returns; sent, it leaves the
// phone. A store acts for one account: another account's on the same phone read as missing.
import { outboxEntry } from './draft-records.ts'
import type { PendingExpense, SnaplistDb } from './db.ts'

export type NewExpense = Pick<PendingExpense, 'id' | 'values'> & { receipt?: { id: string; blob: Blob } }

export function pendingExpenses(db: SnaplistDb, userId: number, now: () => number = Date.now) {
  const own = async (id: string) => {
    const expense = await db.expenses.get(id)
    return expense?.userId === userId ? expense : undefined
  }
  const entriesOf = (id: string) => db.outbox.where({ draftId: id })

  return {
    /** The account's expenses not yet on the server, oldest first. */
    list: async () => (await db.expenses.where({ userId }).toArray()).sort((a, b) => a.createdAt - b.createdAt),

    /** Kept on the phone and queued to be sent; adding the same id again changes nothing. */
    add: (expense: NewExpense) =>
      db.transaction('rw', db.expenses, db.outbox, async () => {
        if (await db.expenses.get(expense.id)) return
        await db.expenses.add({ ...expense, userId, createdAt: now(), state: 'queued' })
        await db.outbox.add(outboxEntry(userId, expense.id, 'create-expense', now()))
      }),

    /** Saved on the server: the expense and its receipt's photo leave the phone. */
    saved: (id: string) =>
      db.transaction('rw', db.expenses, db.outbox, async () => {
        await db.expenses.delete(id)
        await entriesOf(id).delete()
      }),

    /** Try again after a refusal: its entry goes now. */
    retry: (id: string) =>
      db.transaction('rw', db.expenses, db.outbox, async () => {
        if (!(await own(id))) return
        await entriesOf(id).modify({ status: 'pending', attempts: 0, nextAttemptAt: now(), lastError: undefined })
        await db.expenses.update(id, { state: 'queued', error: undefined, errorFields: undefined })
      }),

    /** The seller gives it up: nothing of it is sent. */
    discard: (id: string) =>
      db.transaction('rw', db.expenses, db.outbox, async () => {
        if (!(await own(id))) return
        await db.expenses.delete(id)
        await entriesOf(id).delete()
      }),
  }
}

export type PendingExpenses = ReturnType<typeof pendingExpenses>
