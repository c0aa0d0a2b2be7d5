// Printable labels for bins and bags (/labels?ids=…, issue 32, docs/decisions/0044): for each listing chosen on the
// Dashboard, its SKU as a QR code and in text, its title and its bin, laid out as a sheet of label stock on Letter
// (Avery 5160: 3 × 10 of 2⅝ × 1 in) or A4 (L7160: 3 × 7 of 63.5 × 38.1 mm), printed with the browser's own print. On
// screen the sheet is a preview; the print stylesheet leaves only the labels, at their true size.
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Label } from '../../../api/contract/labels.ts'
import { Button } from '../../components/ui/Button.tsx'
import { labelsQuery } from './labels-queries.ts'
import { QrCode } from './QrCode.tsx'

const PAPERS = {
  letter: {
    name: 'Letter (Avery 5160, 30 a sheet)',
    label: 'print:h-[1in] print:w-[2.625in]',
    gap: 'print:gap-x-[0.125in]',
  },
  a4: { name: 'A4 (L7160, 21 a sheet)', label: 'print:h-[38.1mm] print:w-[63.5mm]', gap: 'print:gap-x-[2.5mm]' },
} as const
type Paper = keyof typeof PAPERS

const route = getRouteApi('/signed-in/labels')

function LabelCard({ label, size }: { label: Label; size: string }) {
  return (
    <li
      className={`flex h-28 items-center gap-2 overflow-hidden rounded-md border border-slate-300 bg-white p-2 print:rounded-none print:border-0 print:p-[0.06in] ${size}`}
    >
      <QrCode
        text={label.sku}
        label={`QR code of ${label.sku}`}
        className="h-full max-h-24 shrink-0 print:max-h-none"
      />
      <div className="min-w-0 text-slate-900">
        <p className="truncate font-mono text-sm font-bold">{label.sku}</p>
        <p className="line-clamp-2 text-xs leading-tight">{label.title}</p>
        {label.bin && <p className="truncate text-xs font-semibold">Bin {label.bin}</p>}
      </div>
    </li>
  )
}

export function LabelsScreen() {
  const { ids } = route.useSearch()
  const [paper, setPaper] = useState<Paper>('letter')
  const labels = useQuery({ ...labelsQuery(ids ?? ''), enabled: Boolean(ids) })
  const found = labels.data?.labels ?? []
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 print:max-w-none">
      <div className="flex flex-col gap-3 print:hidden">
        <h1 className="text-2xl font-bold text-slate-900">Labels</h1>
        {!ids && (
          <p className="text-slate-600">
            Choose listings on the{' '}
            <Link to="/" className="text-indigo-700 underline">
              Dashboard
            </Link>
            , then Labels.
          </p>
        )}
        {labels.isPending && ids && <p className="text-slate-600">Reading the listings…</p>}
        {labels.isError && <p className="text-red-700">The labels could not be read. Labels need a connection.</p>}
        {labels.isSuccess && (
          <>
            <p className="text-sm text-slate-600">
              {found.length} {found.length === 1 ? 'label' : 'labels'}: the SKU as a QR code and in text, the title and
              the bin. Print on label stock, at 100% scale.
            </p>
            <div className="flex flex-wrap items-end gap-3">
              <label className="flex flex-col text-sm font-medium text-slate-700">
                Paper
                <select
                  className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3"
                  value={paper}
                  onChange={(event) => setPaper(event.target.value as Paper)}
                >
                  {Object.entries(PAPERS).map(([value, { name }]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </select>
              </label>
              <Button onClick={() => window.print()} disabled={found.length === 0}>
                Print
              </Button>
            </div>
          </>
        )}
      </div>
      <ul
        data-paper={paper}
        aria-label="Label sheet"
        className={`grid grid-cols-1 gap-2 sm:grid-cols-2 print:grid-cols-3 print:gap-y-0 ${PAPERS[paper].gap}`}
      >
        {found.map((label) => (
          <LabelCard key={label.id} label={label} size={PAPERS[paper].label} />
        ))}
      </ul>
    </div>
  )
}
