// Printable labels for bins and bags (/labels?ids=…, issue 32, docs/decisions/0044): for each listing chosen on the
// Dashboard, its SKU as a QR code and in text, its title and its bin, laid out as label stock: a sheet on Letter
// (Avery 5160: 3 × 10 of 2⅝ × 1 in) or A4 (L7160: 3 × 7 of 63.5 × 38.1 mm), from any label of the first sheet, or a
// thermal roll of 2 × 1 in labels, one a page (issue 47). Printed with the browser's own print: on screen the sheet is
// a preview; the print stylesheet leaves only the labels, at their true size.
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useState } from 'react'
import type { Label, Labels, LabelStock } from '../../../api/contract/labels.ts'
import { Button } from '../../components/ui/Button.tsx'
import { checkedChoice, LabelOptions, type LabelChoice } from './LabelOptions.tsx'
import { labelsQuery } from './labels-queries.ts'
import { QrCode } from './QrCode.tsx'

/**
 * Each stock's label and columns in print (src/styles.css names its page): columns of the label's own width, so each
 * place falls where the stock's die-cut is, whatever width the page leaves.
 */
const PRINTED: Record<LabelStock, { label: string; sheet: string }> = {
  letter: {
    label: 'print:h-[1in] print:w-[2.625in]',
    sheet: 'print:grid-cols-[repeat(3,2.625in)] print:gap-x-[0.125in]',
  },
  a4: { label: 'print:h-[38.1mm] print:w-[63.5mm]', sheet: 'print:grid-cols-[repeat(3,63.5mm)] print:gap-x-[2.5mm]' },
  thermal: { label: 'print:h-[1in] print:w-[2in]', sheet: 'print:grid-cols-[2in]' },
}

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

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** How the labels fall on the paper, as the server laid them out. */
function layoutSaid({ labels, blanks, sheets }: Labels, paper: LabelStock) {
  if (paper === 'thermal') return `${plural(labels.length, 'label')}, one a page of 2 × 1 in.`
  const from = blanks > 0 ? `, starting at label ${blanks + 1}` : ''
  return `${plural(labels.length, 'label')} on ${plural(sheets, 'sheet')}${from}.`
}

export function LabelsScreen() {
  const { ids } = route.useSearch()
  const [choice, setChoice] = useState<LabelChoice>({ paper: 'letter', start: '1' })
  const { sent, error } = checkedChoice(ids ?? '', choice)
  const labels = useQuery({ ...labelsQuery(ids ?? '', sent.paper, sent.start), enabled: Boolean(ids) && !error })
  const shown = labels.data
  const found = shown?.labels ?? []
  const paper = sent.paper
  // Printed only as the server laid out this paper and start, not the last one's while the new answer comes.
  const current = !labels.isPlaceholderData && !error
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
        {shown && (
          <>
            <p className="text-sm text-slate-600">
              The SKU as a QR code and in text, the title and the bin. Print on label stock, at 100% scale.
            </p>
            <LabelOptions choice={choice} error={error} onChange={setChoice} />
            <p role="status" className="text-sm font-medium text-slate-800">
              {current ? layoutSaid(shown, paper) : ''}
            </p>
            <Button className="self-start" onClick={() => window.print()} disabled={found.length === 0 || !current}>
              Print
            </Button>
          </>
        )}
      </div>
      {shown && (
        <ul
          data-paper={paper}
          aria-label="Label sheet"
          className={`grid grid-cols-1 gap-2 sm:grid-cols-2 print:gap-y-0 ${PRINTED[paper].sheet}`}
        >
          {/* The first sheet's labels already used: empty places in print, left out of the preview. */}
          {Array.from({ length: shown.blanks }, (_, index) => (
            <li key={`blank-${index}`} aria-hidden="true" className={`hidden print:block ${PRINTED[paper].label}`} />
          ))}
          {found.map((label) => (
            <LabelCard key={label.id} label={label} size={PRINTED[paper].label} />
          ))}
        </ul>
      )}
    </div>
  )
}
