// The seller's expenses (issue 52, docs/decisions/0061): made once per phone id, changed, deleted with their receipt's
// photo, and listed a page at a time with the year's totals by month and category. A receipt must be a photo the seller
// uploaded (POST /api/images); its file goes when no expense or listing names it any more.
import {
  EXPENSES_PAGE,
  type Expense,
  type ExpenseEdit,
  type ExpenseInput,
  type ExpensesPage,
  type ExpensesQuery,
} from '../../contract/expenses.ts'
import { dayCursorOf } from '../../contract/tax-year-inputs.ts'
import type { Sql } from '../../db/client.ts'
import * as expenses from '../../db/expenses.ts'
import * as images from '../../db/images.ts'
import { badRequest, notFound } from '../../errors.ts'
import { removePhotoFiles } from '../listings/photo-files.ts'
import type { FileStorage } from '../listings/storage.ts'

const NOT_FOUND = 'That expense was not found. It may have been deleted.'
const NOT_YOUR_PHOTO = 'The receipt must be a photo you uploaded. Take the photo again.'

export interface ExpensesService {
  create(userId: number, input: ExpenseInput): Promise<{ expense: Expense; created: boolean }>
  update(userId: number, id: number, edit: ExpenseEdit): Promise<Expense>
  remove(userId: number, id: number): Promise<void>
  list(userId: number, query: ExpensesQuery): Promise<ExpensesPage>
}

export function createExpenses(sql: Sql, storage: FileStorage): ExpensesService {
  async function checkReceipt(userId: number, url: string | null | undefined) {
    if (!url) return
    const owned = await images.ownedImageUrls(sql, userId, [url])
    if (!owned.has(url)) throw badRequest(NOT_YOUR_PHOTO, { receiptUrl: NOT_YOUR_PHOTO })
  }

  /** Deletes the receipt photo's row and file when nothing of the seller's names it any more. */
  async function dropReceipt(userId: number, url: string | null) {
    if (!url) return
    const unused = await sql.begin((tx) => images.deleteUnusedImages(tx, userId, [url]))
    await removePhotoFiles(storage, unused)
  }

  return {
    async create(userId: number, input: ExpenseInput) {
      await checkReceipt(userId, input.receiptUrl)
      return expenses.insertExpense(sql, userId, input)
    },

    async update(userId: number, id: number, edit: ExpenseEdit): Promise<Expense> {
      await checkReceipt(userId, edit.receiptUrl)
      const before = await expenses.findExpense(sql, userId, id)
      const after = before && (await expenses.updateExpense(sql, userId, id, edit))
      if (!before || !after) throw notFound(NOT_FOUND)
      if (before.receiptUrl !== after.receiptUrl) await dropReceipt(userId, before.receiptUrl)
      return after
    },

    async remove(userId: number, id: number): Promise<void> {
      const deleted = await expenses.deleteExpense(sql, userId, id)
      if (!deleted) throw notFound(NOT_FOUND)
      await dropReceipt(userId, deleted.receiptUrl)
    },

    async list(userId: number, query: ExpensesQuery): Promise<ExpensesPage> {
      const filter = { year: query.year, q: query.q, category: query.category }
      const [rows, months] = await Promise.all([
        expenses.expensesPage(sql, userId, filter, query.after ?? null, EXPENSES_PAGE),
        expenses.expenseMonthTotals(sql, userId, filter),
      ])
      const last = rows.at(-1)
      return {
        expenses: rows,
        next: rows.length === EXPENSES_PAGE && last ? dayCursorOf({ day: last.spentOn, id: last.id }) : null,
        months,
        totalCents: months.reduce((sum, month) => sum + month.amountCents, 0),
      }
    },
  }
}
