// How an expense added on the phone is sent (docs/decisions/0062): its receipt's photo uploaded under its own id, then
// the expense under its clientId. Both are idempotent, so a reply lost after either is sent again and saves nothing
// twice; once the server has the expense, it leaves the phone.
import type { OutboxEntry, SnaplistDb } from './db.ts'
import { pendingExpenses } from './pending-expenses.ts'
import type { SyncTransport } from './transport.ts'

export function expenseSenderFor(account: number, db: SnaplistDb, transport: SyncTransport) {
  const store = pendingExpenses(db, account)
  return async (entry: OutboxEntry) => {
    const expense = await db.expenses.get(entry.draftId)
    if (expense?.userId !== account) return // Discarded, or saved already.
    const { receipt } = expense
    let receiptUrl = receipt?.url ?? null
    if (receipt && !receiptUrl) {
      receiptUrl = (await transport.uploadPhoto(account, receipt.id, receipt.blob)).imageUrl
      await db.expenses.update(expense.id, { receipt: { ...receipt, url: receiptUrl } })
    }
    await transport.createExpense(account, { ...expense.values, clientId: expense.id, receiptUrl })
    await store.saved(expense.id)
  }
}
