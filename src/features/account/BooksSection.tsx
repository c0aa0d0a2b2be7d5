// The seller's books as spreadsheets (docs/decisions/0039): plain links the browser downloads with the session cookie,
// so the file streams from the server straight to disk.
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { INVENTORY_CSV_PATH, SALES_CSV_PATH } from '../../../api/contract/exports.ts'
import { TextField } from '../../components/ui/TextField.tsx'
import { Section } from './Section.tsx'

/** Where the import's code is missing: offline before it was ever loaded. */
function ImportNeedsConnection() {
  return <p>Importing a CSV file needs a connection: come back to this screen once you are online.</p>
}
// Importing needs the server anyway, so its code stays out of the phone's offline copy (vite.config.ts, ONLINE_ONLY) and
// loads with this screen.
const BooksImport = lazy(() =>
  import('./BooksImport.tsx').then(
    (module) => ({ default: module.BooksImport }),
    () => ({ default: ImportNeedsConnection }),
  ),
)

const linkClass =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-50'

/** Today as the seller's calendar has it, YYYY-MM-DD. */
const today = () => new Date().toLocaleDateString('en-CA')

export function BooksSection() {
  const [from, setFrom] = useState(() => `${today().slice(0, 4)}-01-01`)
  const [to, setTo] = useState(today)
  const range = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) })
  return (
    <Section title="Your books">
      <p>
        What you took in and kept, by month and marketplace:{' '}
        <Link to="/insights" className="font-semibold text-indigo-700 underline underline-offset-2">
          Insights
        </Link>
        .
      </p>
      <p>Spreadsheets of what you have and what you sold, with the cost and location you entered on each listing.</p>
      <a className={linkClass} href={INVENTORY_CSV_PATH} download>
        Download inventory CSV
      </a>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Sales from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
        <TextField label="to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </div>
      <a className={linkClass} href={`${SALES_CSV_PATH}?${range.toString()}`} download>
        Download sales CSV
      </a>
      <p className="text-xs">
        Profit is what the buyer paid, with shipping, less the marketplace’s fees, the label and your cost. Fees are
        estimated until the marketplace reports them.
      </p>
      <Suspense fallback={null}>
        <BooksImport />
      </Suspense>
    </Section>
  )
}
