// The seller's expenses (issue 52, docs/decisions/0061): what the business spent outside a marketplace, with where, a
// note and a photo of the receipt (a photo uploaded like a listing's, POST /api/images, kept on the phone until sent).
// GET/POST /api/expenses, PATCH/DELETE /api/expenses/{id}; amounts are sent in dollars and answered in cents.
import * as v from 'valibot'
import { ASKING_PRICE_MAX } from './listing-fields.ts'
import { calendarDay, money, toCents } from './listing-field-schemas.ts'
import { valuesOf, type Option } from './options.ts'
import { clientIdSchema, dayCursorSchema, optionalText, searchSchema, yearTextSchema } from './tax-year-inputs.ts'

/** Where each category goes on Schedule C: line 22 (supplies) or 27a (other expenses). */
export type ScheduleCLine = 'supplies' | 'other'

export const EXPENSE_CATEGORIES = [
  { value: 'supplies', label: 'Supplies', line: 'supplies' },
  { value: 'packaging', label: 'Packaging', line: 'supplies' },
  { value: 'postage', label: 'Postage (outside a marketplace)', line: 'other' },
  { value: 'subscriptions', label: 'Platform and app subscriptions', line: 'other' },
  { value: 'storage', label: 'Storage', line: 'other' },
  { value: 'equipment', label: 'Equipment', line: 'other' },
  { value: 'other', label: 'Other', line: 'other' },
] as const satisfies readonly (Option & { line: ScheduleCLine })[]
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number]['value']
export const EXPENSE_CATEGORY_VALUES = valuesOf(EXPENSE_CATEGORIES) as ExpenseCategory[]
export const EXPENSE_CATEGORY_LABELS = Object.fromEntries(
  EXPENSE_CATEGORIES.map((category) => [category.value, category.label]),
) as Record<ExpenseCategory, string>

export const EXPENSE_PLACE_MAX = 80
export const EXPENSE_NOTE_MAX = 500
/** A stored photo's address is far shorter (a Supabase bucket's public URL is the longest). */
export const RECEIPT_URL_MAX = 500
/** Expenses per page of the list. */
export const EXPENSES_PAGE = 50

const amount = v.pipe(
  money({ label: 'Amount', max: ASKING_PRICE_MAX }),
  v.check((dollars) => dollars !== null, 'Amount is required'),
  v.transform((dollars) => toCents(dollars!)),
)
const spentOn = v.pipe(
  calendarDay({ label: 'Date' }),
  v.check((day) => day !== null, 'Date is required'),
  v.transform((day) => day!),
)
const category = v.picklist(EXPENSE_CATEGORY_VALUES, 'Choose a category')
const receiptUrl = v.pipe(
  v.optional(v.nullable(v.string('receiptUrl must be a photo’s address')), null),
  v.transform((url) => url || null),
  v.check((url) => url === null || url.length <= RECEIPT_URL_MAX, 'receiptUrl must be a photo’s address'),
)

const fields = {
  spentOn,
  amount,
  category,
  place: optionalText('Where', EXPENSE_PLACE_MAX),
  note: optionalText('Note', EXPENSE_NOTE_MAX),
  receiptUrl,
}

export const ExpenseInputSchema = v.object({ clientId: clientIdSchema, ...fields })
export type ExpenseFormValues = v.InferInput<typeof ExpenseInputSchema>
export type ExpenseInput = v.InferOutput<typeof ExpenseInputSchema>

/** Any of the fields; at least one. */
export const ExpenseEditSchema = v.pipe(
  v.partial(v.object(fields)),
  v.check((edit) => Object.keys(edit).length > 0, 'Send at least one field to change'),
)
export type ExpenseEdit = v.InferOutput<typeof ExpenseEditSchema>

export const ExpensesQuerySchema = v.object({
  year: yearTextSchema,
  q: searchSchema,
  category: v.optional(category),
  after: v.optional(dayCursorSchema),
})
export type ExpensesQuery = v.InferOutput<typeof ExpensesQuerySchema>

export interface Expense {
  id: number
  clientId: string
  spentOn: string
  amountCents: number
  category: ExpenseCategory
  place: string
  note: string
  receiptUrl: string | null
}

/** One category's spending in one month, 'YYYY-MM'. */
export interface ExpenseMonthTotal {
  month: string
  category: ExpenseCategory
  amountCents: number
}

export interface ExpensesPage {
  expenses: Expense[]
  /** The next page's cursor; null on the last. */
  next: string | null
  /** The year's (and search's) totals by month and category, oldest month first. */
  months: ExpenseMonthTotal[]
  totalCents: number
}
