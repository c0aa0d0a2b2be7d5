// Costs, bins and SKUs from a spreadsheet (api/contract/books-import.ts): the seller picks the CSV, reads what it would
// change and what it leaves out line by line, then applies it. The same file is sent for both, so what they read is what
// is made.
import { useRef, useState } from 'react'
import type { ImportedField, InventoryImportReply } from '../../../api/contract/books-import.ts'
import { INVENTORY_COLUMNS } from '../../../api/contract/exports.ts'
import { FormFailure } from '../../components/CardPage.tsx'
import { Button, buttonClass } from '../../components/ui/Button.tsx'
import { useApplyBooksImport, usePreviewBooksImport } from './books-import-queries.ts'

const FIELD_WORDS: Record<ImportedField, string> = { cost: 'Cost', bin: 'Bin', sku: 'SKU' }
const [SKU, , BIN, COST] = INVENTORY_COLUMNS

const shown = (field: ImportedField, value: string) => (value === '' ? 'blank' : field === 'cost' ? `$${value}` : value)
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

function Preview({ reply }: { reply: InventoryImportReply }) {
  return (
    <div className="flex flex-col gap-3">
      {reply.changes.length > 0 && (
        <section aria-label="Changes">
          <h3 className="font-semibold text-slate-900">
            {plural(reply.changes.length, 'listing', 'listings')} {reply.applied ? 'changed' : 'will change'}
          </h3>
          <ul className="mt-2 flex flex-col gap-2">
            {reply.changes.map((change) => (
              <li key={change.line} className="rounded-lg bg-slate-50 p-3">
                <p className="font-medium wrap-anywhere text-slate-900">
                  {change.title}{' '}
                  <span className="font-normal text-slate-600">
                    ({change.sku}, line {change.line})
                  </span>
                </p>
                {change.values.map(({ field, from, to }) => (
                  <p key={field} className="wrap-anywhere">
                    {FIELD_WORDS[field]}: {shown(field, from)} → <strong>{shown(field, to)}</strong>
                  </p>
                ))}
              </li>
            ))}
          </ul>
        </section>
      )}
      {reply.refused.length > 0 && (
        <section aria-label="Lines left out">
          <h3 className="font-semibold text-red-800">{plural(reply.refused.length, 'line', 'lines')} left out</h3>
          <ul className="mt-2 flex flex-col gap-1">
            {reply.refused.map((refusal) => (
              <li key={refusal.line} className="wrap-anywhere text-red-800">
                Line {refusal.line}: {refusal.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {reply.unchanged > 0 && <p>{plural(reply.unchanged, 'row matches', 'rows match')} its listing already.</p>}
      {reply.changes.length === 0 && !reply.applied && <p>Nothing in this file changes a listing.</p>}
    </div>
  )
}

export function BooksImport() {
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File>()
  const preview = usePreviewBooksImport()
  const apply = useApplyBooksImport()
  const reply = apply.data ?? preview.data

  const choose = (chosen: File | undefined) => {
    apply.reset()
    setFile(chosen)
    if (chosen) preview.mutate(chosen)
  }
  const cancel = () => {
    choose(undefined)
    preview.reset()
    if (input.current) input.current.value = ''
  }

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-slate-900">Import costs and bins</h3>
      <p>
        Fill in the inventory CSV’s {COST} and {BIN} columns (or add a “New SKU” column) and send it back: each row
        changes the listing with its {SKU}.
      </p>
      <label className={buttonClass('secondary', 'cursor-pointer sm:self-start')}>
        Choose a CSV file
        <input
          ref={input}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </label>
      {file && <p className="wrap-anywhere">{file.name}</p>}
      {preview.isPending && <p role="status">Reading the file…</p>}
      <FormFailure error={preview.error ?? apply.error} fallback="The file could not be read. Try again." />
      {reply && file && (
        <>
          <Preview reply={reply} />
          {reply.applied ? (
            <p role="status" className="rounded-lg bg-emerald-50 p-3 font-medium text-emerald-900">
              Done: {plural(reply.changes.length, 'listing', 'listings')} updated.
            </p>
          ) : (
            <div className="flex flex-wrap gap-3">
              {reply.changes.length > 0 && (
                <Button onClick={() => apply.mutate(file)} disabled={apply.isPending}>
                  {apply.isPending ? 'Applying…' : `Apply ${plural(reply.changes.length, 'change', 'changes')}`}
                </Button>
              )}
              <Button variant="secondary" onClick={cancel}>
                Cancel
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  )
}
