// SQL for expenses (docs/decisions/0061): the seller's own only; a page at a time, newest first; and the sums by month
// and category the list and the tax year both read (one definition of what a year spent).
import type { DayKey } from '../contract/tax-year-inputs.ts'
import type { Expense, ExpenseCategory, ExpenseEdit, ExpenseInput, ExpenseMonthTotal } from '../contract/expenses.ts'
import type { Sql, Tx } from './client.ts'

const COLUMNS = `id, client_id, spent_on::text as spent_on, amount_cents, category, place, note, receipt_url`

/** Inserts the expense, or answers the one made before with the same client id (created false). */
export async function insertExpense(sql: Sql, userId: number, input: ExpenseInput) {
  const [made] = await sql<Expense[]>`
    insert into expenses (user_id, client_id, spent_on, amount_cents, category, place, note, receipt_url)
    values (${userId}, ${input.clientId}, ${input.spentOn}, ${input.amount}, ${input.category}, ${input.place},
      ${input.note}, ${input.receiptUrl})
    on conflict (user_id, client_id) do nothing returning ${sql.unsafe(COLUMNS)}`
  if (made) return { expense: made, created: true }
  const [before] = await sql<Expense[]>`
    select ${sql.unsafe(COLUMNS)} from expenses where user_id = ${userId} and client_id = ${input.clientId}`
  return { expense: before!, created: false }
}

export const findExpense = async (sql: Sql | Tx, userId: number, id: number) =>
  (await sql<Expense[]>`select ${sql.unsafe(COLUMNS)} from expenses where id = ${id} and user_id = ${userId}`)[0]

export async function updateExpense(sql: Sql | Tx, userId: number, id: number, edit: ExpenseEdit) {
  const set = {
    ...(edit.spentOn !== undefined ? { spent_on: edit.spentOn } : {}),
    ...(edit.amount !== undefined ? { amount_cents: edit.amount } : {}),
    ...(edit.category !== undefined ? { category: edit.category } : {}),
    ...(edit.place !== undefined ? { place: edit.place } : {}),
    ...(edit.note !== undefined ? { note: edit.note } : {}),
    ...(edit.receiptUrl !== undefined ? { receipt_url: edit.receiptUrl } : {}),
  }
  const [row] = await sql<Expense[]>`
    update expenses set ${sql(set)}, updated_at = now() where id = ${id} and user_id = ${userId}
    returning ${sql.unsafe(COLUMNS)}`
  return row
}

export const deleteExpense = async (sql: Sql | Tx, userId: number, id: number) =>
  (
    await sql<Expense[]>`delete from expenses where id = ${id} and user_id = ${userId} returning ${sql.unsafe(COLUMNS)}`
  )[0]

export interface ExpenseFilter {
  year: number
  q: string
  category: ExpenseCategory | undefined
}

// The words are looked for in where and the note; % and _ typed are matched as themselves.
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
const filterSql = (sql: Sql, userId: number, { year, q, category }: ExpenseFilter) => sql`
  user_id = ${userId} and spent_on >= ${`${year}-01-01`}::date and spent_on <= ${`${year}-12-31`}::date
  and (${category ?? null}::text is null or category = ${category ?? null})
  and (${q} = '' or place ilike ${likeOf(q)} or note ilike ${likeOf(q)})`

/** A page of the year's expenses (matching the search), newest first, after `after`. */
export const expensesPage = (sql: Sql, userId: number, filter: ExpenseFilter, after: DayKey | null, limit: number) =>
  sql<Expense[]>`
    select ${sql.unsafe(COLUMNS)} from expenses
    where ${filterSql(sql, userId, filter)}
      and (spent_on, id) < (${after?.day ?? '9999-12-31'}::date, ${after?.id ?? 2147483647})
    order by spent_on desc, id desc limit ${limit}`

/** What the year (matching the search) spent by month and category, oldest month first. */
export const expenseMonthTotals = (sql: Sql, userId: number, filter: ExpenseFilter) =>
  sql<ExpenseMonthTotal[]>`
    select to_char(spent_on, 'YYYY-MM') as month, category, sum(amount_cents)::float8 as amount_cents
    from expenses where ${filterSql(sql, userId, filter)}
    group by 1, 2 order by 1, 2`
