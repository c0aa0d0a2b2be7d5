// The Tax year screen (/tax-year, issue 52, docs/decisions/0061), reached from the Insights: the year by Schedule C's
// lines with each marketplace reconciled to its 1099-K, the year's expenses and its drives. Read from the server: not
// kept for offline use (vite.config.ts).
import { getRouteApi } from '@tanstack/react-router'
import { useState } from 'react'
import type { ExpenseCategory } from '../../../api/contract/expenses.ts'
import { Tabs } from '../../components/ui/Tabs.tsx'
import { Expenses } from './Expenses.tsx'
import { Summary } from './Summary.tsx'
import { Trips } from './Trips.tsx'

const route = getRouteApi('/signed-in/tax-year')
const thisYear = new Date().getFullYear()
const YEARS = [thisYear, thisYear - 1, thisYear - 2, thisYear - 3]

export function TaxYearScreen() {
  const { haul } = route.useSearch()
  const [year, setYear] = useState(thisYear)
  // Opened from a haul's screen: straight to logging its drive.
  const [tab, setTab] = useState(haul ? 2 : 0)
  const [category, setCategory] = useState<ExpenseCategory | ''>('')
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Tax year</h1>
        <label className="flex flex-col text-sm font-medium text-slate-700 print:hidden">
          Year
          <select
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3"
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
          >
            {YEARS.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Tabs
        label="The tax year"
        selectedIndex={tab}
        onChange={setTab}
        tabs={[
          {
            label: 'Summary',
            content: (
              <Summary
                // A year of its own: the sales opened under the last one's figures close.
                key={year}
                year={year}
                onCategory={(chosen) => {
                  setCategory(chosen)
                  setTab(1)
                }}
              />
            ),
          },
          { label: 'Expenses', content: <Expenses year={year} category={category} onCategory={setCategory} /> },
          { label: 'Mileage', content: <Trips year={year} haulId={haul ?? null} /> },
        ]}
      />
    </div>
  )
}
