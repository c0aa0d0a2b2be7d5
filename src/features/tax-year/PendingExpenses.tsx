// The expenses added on this phone that the server does not have yet (docs/decisions/0062), live from the offline store:
// waiting to sync, or refused with the server's sentence and Retry or Discard. When one leaves the phone (saved, here or
// by the service worker), the year is read again, so it shows among the expenses kept.
import { useQueryClient } from '@tanstack/react-query'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef } from 'react'
import { EXPENSE_CATEGORY_LABELS } from '../../../api/contract/expenses.ts'
import { Button } from '../../components/ui/Button.tsx'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { expensesOf } from '../../lib/outbox.ts'
import type { PendingExpense } from '../../offline/db.ts'
import { dollars } from './cents.ts'
import { refreshTaxYear } from './tax-year-queries.ts'

/** The signed-in account's store of expenses kept on the phone. */
export function useExpenseStore() {
  const { id } = useCurrentUser()
  return useMemo(() => expensesOf(id), [id])
}

/** The amount as typed, as the list writes amounts. */
const amountText = (expense: PendingExpense) => dollars(Math.round(Number(expense.values.amount) * 100))

export function PendingExpenses({ year }: { year: number }) {
  const store = useExpenseStore()
  const queryClient = useQueryClient()
  const pending = useLiveQuery(() => store.list(), [store])
  // An expense that left the phone is on the server now: the year's figures move with it.
  const seen = useRef(new Set<string>())
  useEffect(() => {
    if (!pending) return
    const now = new Set(pending.map((expense) => expense.id))
    const gone = [...seen.current].some((id) => !now.has(id))
    seen.current = now
    if (gone) void refreshTaxYear(queryClient)
  }, [pending, queryClient])
  const shown = (pending ?? []).filter((expense) => expense.values.spentOn.startsWith(`${year}-`))
  if (shown.length === 0) return null
  return (
    <ul aria-label="Not synced yet" className="mt-2 divide-y divide-slate-100 text-sm">
      {shown.map((expense) => (
        <li key={expense.id} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0">
            <span className="block font-medium text-slate-900">
              {EXPENSE_CATEGORY_LABELS[expense.values.category]} · {amountText(expense)}
            </span>
            <span className="block truncate text-slate-600">
              {expense.values.spentOn}
              {expense.values.place && ` · ${expense.values.place}`}
              {expense.receipt && ' · receipt'}
            </span>
            {expense.state === 'failed' ? (
              <span role="alert" className="block text-red-700">
                Not saved: {expense.error}
              </span>
            ) : (
              <span className="block font-medium text-amber-800">Waiting to sync</span>
            )}
          </span>
          {expense.state === 'failed' && (
            <>
              <Button variant="ghost" onClick={() => void store.retry(expense.id)}>
                Retry
              </Button>
              <Button variant="ghost" onClick={() => void store.discard(expense.id)}>
                Discard
              </Button>
            </>
          )}
        </li>
      ))}
    </ul>
  )
}
