// Changing many listings at once (docs/decisions/0038): the selected listings, or every one the Dashboard's search and
// filter find, get a new price (by a percent or an amount, up or down, never below the floor the seller types nor each
// listing's own: decision 0075), a new quantity, an end on every marketplace, or a delete. Once sent, the dialog shows
// how far it has got and, at the end, each listing a marketplace refused with its reason. Loaded on the first tap,
// not with the Dashboard.
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import {
  BulkActionInputSchema,
  type BulkActionInput,
  type BulkActionKind,
  type BulkActionView,
} from '../../../api/contract/bulk-actions.ts'
import type { ListingSearchView } from '../../queries/listing-queries.ts'
import { Button } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { errorMessage } from '../../lib/api.ts'
import { BulkActionProgress } from './BulkActionProgress.tsx'
import { OwnFloors } from './OwnFloors.tsx'
import { useStartBulkAction } from './bulk-action-queries.ts'

const KINDS = [
  { value: 'price', label: 'Change price' },
  { value: 'quantity', label: 'Change quantity' },
  { value: 'end', label: 'End on every marketplace' },
  { value: 'delete', label: 'Delete' },
] as const satisfies readonly { value: BulkActionKind; label: string }[]

const CHANGES = [
  { value: 'percent-down', label: 'Lower by a percent' },
  { value: 'amount-down', label: 'Lower by an amount ($)' },
  { value: 'percent-up', label: 'Raise by a percent' },
  { value: 'amount-up', label: 'Raise by an amount ($)' },
] as const

interface Props {
  /** The listings the seller ticked. */
  chosen: number[]
  search: ListingSearchView
  /** How many listings the search and filter find in all. */
  matching: number
  onClose: () => void
}

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

export function BulkActionDialog({ chosen, search, matching, onClose }: Props) {
  const [clientId] = useState(() => crypto.randomUUID())
  const [scope, setScope] = useState<'ids' | 'search'>('ids')
  const [kind, setKind] = useState<BulkActionKind>('price')
  const [change, setChange] = useState<(typeof CHANGES)[number]['value']>('percent-down')
  const [value, setValue] = useState('')
  const [floor, setFloor] = useState('')
  const [quantity, setQuantity] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const [sent, setSent] = useState<BulkActionView | null>(null)
  const start = useStartBulkAction()
  const count = scope === 'ids' ? chosen.length : matching

  function input(): BulkActionInput | string {
    const [by, direction] = change.split('-') as ['percent' | 'amount', 'up' | 'down']
    const action =
      kind === 'price'
        ? { kind, by, direction, value: number(value), ...(floor.trim() ? { floor: number(floor) } : {}) }
        : kind === 'quantity'
          ? { kind, quantity: number(quantity) }
          : { kind }
    const selection =
      scope === 'ids'
        ? { by: 'ids', listingIds: chosen }
        : { by: 'search', q: search.q, ...(search.status ? { status: search.status } : {}) }
    const parsed = v.safeParse(BulkActionInputSchema, { clientId, action, selection })
    return parsed.success ? parsed.output : (parsed.issues[0]?.message ?? 'Check the change.')
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const checked = input()
    if (typeof checked === 'string') return setProblem(checked)
    setProblem(null)
    start.mutate(checked, { onSuccess: setSent })
  }

  const title = sent ? 'Changing your listings' : `Change ${count.toLocaleString('en-US')} listings`
  return (
    <Dialog open onClose={onClose} title={title}>
      {sent ? (
        <BulkActionProgress sent={sent} onClose={onClose} />
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <fieldset className="flex flex-col gap-2 text-sm text-slate-800">
            <legend className="mb-1 font-medium">Which listings</legend>
            <label className="flex items-center gap-2">
              <input type="radio" checked={scope === 'ids'} onChange={() => setScope('ids')} className="h-5 w-5" />
              The {chosen.length} selected
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                checked={scope === 'search'}
                onChange={() => setScope('search')}
                className="h-5 w-5"
              />
              All {matching.toLocaleString('en-US')} matching the search and filter
            </label>
          </fieldset>
          <SelectField
            label="What to do"
            options={KINDS}
            value={kind}
            placeholder="Choose…"
            onChange={(event) => setKind(event.target.value as BulkActionKind)}
          />
          {kind === 'price' && (
            <>
              <SelectField
                label="Change"
                options={CHANGES}
                value={change}
                onChange={(event) => setChange(event.target.value as typeof change)}
              />
              <TextField
                label={change.startsWith('percent') ? 'By (%)' : 'By ($)'}
                inputMode="decimal"
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
              <TextField
                label="Floor price ($)"
                hint="No listing goes below it or its own floor (cost, fees and your minimum profit); one already at or below stays."
                inputMode="decimal"
                value={floor}
                onChange={(event) => setFloor(event.target.value)}
              />
              {scope === 'ids' && change.endsWith('down') && <OwnFloors listingIds={chosen} />}
            </>
          )}
          {kind === 'quantity' && (
            <TextField
              label="New quantity"
              inputMode="numeric"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
            />
          )}
          {kind === 'end' && (
            <p className="text-sm text-slate-600">
              Each listing ends wherever it is for sale. It stays on Snaplist, and Relist puts it back up.
            </p>
          )}
          {kind === 'delete' && (
            <p className="text-sm text-slate-600">
              Each listing is ended wherever it is for sale, then deleted from Snaplist. This cannot be undone.
            </p>
          )}
          {(problem ?? start.error) && (
            <p role="alert" className="text-sm text-red-700">
              {problem ?? errorMessage(start.error)}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant={kind === 'delete' ? 'danger' : 'primary'}
              disabled={start.isPending || count === 0}
            >
              {start.isPending
                ? 'Starting…'
                : `${KINDS.find((entry) => entry.value === kind)!.label}: ${count.toLocaleString('en-US')}`}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  )
}
