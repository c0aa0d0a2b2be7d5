// The year's expenses (docs/decisions/0061): added with a photo of the receipt taken with the camera (shrunk on the
// phone, kept there with the expense until the outbox has sent both, signal or not: docs/decisions/0062), found by
// where or note and by category, changed or deleted (online); the year's total above.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import {
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  ExpenseInputSchema,
  type Expense,
  type ExpenseCategory,
  type ExpenseInput,
} from '../../../api/contract/expenses.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { api, errorMessage, okJson } from '../../lib/api.ts'
import { notify } from '../../lib/notify.tsx'
import { uuid } from '../../lib/uuid.ts'
import { shrinkImage } from '../../offline/shrink.ts'
import { card, dollars } from './cents.ts'
import { expensesQuery, refreshTaxYear } from './tax-year-queries.ts'
import { PendingExpenses, useExpenseStore } from './PendingExpenses.tsx'
import { dayIn, useEntryForm } from './useEntryForm.ts'

const blank = (year: number) => ({
  spentOn: dayIn(year),
  amount: '',
  category: '',
  place: '',
  note: '',
})

/** The receipt's photo shrunk on the phone, under the id it is stored by. */
const shrunkReceipt = async (file: File) => ({ id: uuid(), blob: (await shrinkImage(file)).blob })

/** A new receipt for an expense kept already, stored as a listing's photos are; its address. */
async function storedReceipt(file: File): Promise<string> {
  const { id, blob } = await shrunkReceipt(file)
  const image = new File([blob], 'receipt.jpg', { type: 'image/jpeg' })
  return (await okJson(api.images.$post({ form: { id, image } }))).imageUrl
}

/** The form's text for an expense already kept: what the seller typed, as they would type it. */
const formOf = (expense: Expense) => ({
  spentOn: expense.spentOn,
  amount: (expense.amountCents / 100).toFixed(2),
  category: expense.category,
  place: expense.place,
  note: expense.note,
})

/** Adds an expense, or changes `editing` (its receipt kept unless another is photographed). */
function ExpenseForm({ year, editing, onDone }: { year: number; editing?: Expense; onDone?: () => void }) {
  const queryClient = useQueryClient()
  const store = useExpenseStore()
  const form = useEntryForm(() => (editing ? formOf(editing) : blank(year)))
  const [receipt, setReceipt] = useState<File | null>(null)
  // Counts the entries made, so the photo's input starts empty for the next (a file input cannot be set to empty).
  const [made, setMade] = useState(0)
  const done = editing ? 'changed' : 'added'
  const add = useMutation({
    // A new expense is kept on the phone and sent by the outbox; a change is the server's, online. Run at once either
    // way: React Query would hold a mutation until the browser is online, and a change offline is told so.
    networkMode: 'always',
    mutationFn: async (input: ExpenseInput) => {
      const values = { ...form.values, category: input.category }
      if (!editing) {
        const shrunk = receipt ? await shrunkReceipt(receipt) : undefined
        await store.add({ id: input.clientId, values, ...(shrunk ? { receipt: shrunk } : {}) })
        return input.amount
      }
      const receiptUrl = receipt ? await storedReceipt(receipt) : editing.receiptUrl
      const body = { ...values, receiptUrl }
      const changed = await okJson(api.expenses[':id'].$patch({ param: { id: String(editing.id) }, json: body }))
      await refreshTaxYear(queryClient)
      return changed.amountCents
    },
    onSuccess: (amountCents) => {
      notify(`Expense of ${dollars(amountCents)} ${done}`)
      form.reset()
      setReceipt(null)
      setMade(made + 1)
      onDone?.()
    },
    onError: (error) => notify(`The expense was not ${done}`, errorMessage(error), 'error'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = form.check(ExpenseInputSchema, { clientId: uuid() })
    if (input) add.mutate(input)
  }
  const { field } = form
  const title = editing ? 'Change the expense' : 'Add an expense'
  return (
    <form aria-label={title} onSubmit={submit} noValidate className={`${card} flex flex-col gap-3`}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <TextField label="Date" type="date" {...field('spentOn')} />
      <TextField label="Amount" inputMode="decimal" placeholder="12.50" {...field('amount')} />
      <SelectField
        label="Category"
        options={EXPENSE_CATEGORIES}
        placeholder="Choose a category"
        {...field('category')}
      />
      <TextField label="Where" {...field('place')} />
      <TextField label="Note" {...field('note')} />
      <TextField
        key={made}
        label={editing?.receiptUrl ? 'Another photo of the receipt' : 'Photo of the receipt'}
        type="file"
        accept="image/*"
        capture="environment"
        onChange={(event) => setReceipt(event.target.files?.[0] ?? null)}
      />
      <Button type="submit" disabled={add.isPending}>
        {add.isPending ? 'Saving…' : editing ? 'Save changes' : 'Add expense'}
      </Button>
      {editing && (
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      )}
    </form>
  )
}

export function Expenses({
  year,
  category,
  onCategory,
}: {
  year: number
  category: ExpenseCategory | ''
  onCategory: (category: ExpenseCategory | '') => void
}) {
  const queryClient = useQueryClient()
  const [q, setQ] = useState('')
  const [editing, setEditing] = useState<Expense | undefined>()
  const list = useInfiniteQuery(expensesQuery({ year, q: q.trim(), category }))
  const remove = useMutation({
    mutationFn: (id: number) => okJson(api.expenses[':id'].$delete({ param: { id: String(id) } })),
    onSuccess: async () => {
      notify('Expense deleted')
      await refreshTaxYear(queryClient)
    },
    onError: (error) => notify('The expense was not deleted', errorMessage(error), 'error'),
  })
  const expenses = list.data?.pages.flatMap((page) => page.expenses) ?? []
  const total = list.data?.pages[0]?.totalCents ?? 0
  return (
    <div className="flex flex-col gap-4">
      {/* Keyed, so that the form starts again from the expense chosen (or blank) each time. */}
      <ExpenseForm key={editing?.id ?? 'new'} year={year} editing={editing} onDone={() => setEditing(undefined)} />
      <section aria-label="Expenses" className={card}>
        <h2 className="text-lg font-semibold text-slate-900">
          Expenses, {year}: {dollars(total)}
        </h2>
        <div className="mt-2 grid grid-cols-1 gap-2">
          <TextField
            label="Search where or note"
            type="search"
            value={q}
            onChange={(event) => setQ(event.target.value)}
          />
          <SelectField
            label="Category"
            options={EXPENSE_CATEGORIES}
            placeholder="Every category"
            value={category}
            onChange={(event) => onCategory(event.target.value as ExpenseCategory | '')}
          />
        </div>
        <PendingExpenses year={year} />
        {list.isSuccess && expenses.length === 0 && <p className="mt-2 text-sm text-slate-600">No expenses found.</p>}
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {expenses.map((expense) => (
            <li key={expense.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">
                  {EXPENSE_CATEGORY_LABELS[expense.category]} · {dollars(expense.amountCents)}
                </span>
                <span className="block truncate text-slate-600">
                  {expense.spentOn}
                  {expense.place && ` · ${expense.place}`}
                  {expense.note && ` · ${expense.note}`}
                </span>
                {/* A line of its own: at the end of a long line it was cut off beside Change and Delete. */}
                {expense.receiptUrl && (
                  <a
                    href={expense.receiptUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex min-h-6 items-center text-indigo-700 underline"
                  >
                    Receipt
                  </a>
                )}
              </span>
              <Button
                variant="ghost"
                aria-label={`Change the expense of ${dollars(expense.amountCents)} on ${expense.spentOn}`}
                onClick={() => {
                  setEditing(expense)
                  window.scrollTo({ top: 0 })
                }}
              >
                Change
              </Button>
              <Button
                variant="ghost"
                aria-label={`Delete the expense of ${dollars(expense.amountCents)} on ${expense.spentOn}`}
                onClick={() => remove.mutate(expense.id)}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
            Show more
          </Button>
        )}
      </section>
    </div>
  )
}
