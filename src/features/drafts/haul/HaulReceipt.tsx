// A haul's receipt (issue 32): what the seller paid for the whole haul, spread over its items as their Cost, evenly or
// in proportion to the prices they are listed at; each item's Cost can be changed after, on its form. On this phone,
// offline like the rest of the haul.
import { useState } from 'react'
import * as v from 'valibot'
import { ASKING_PRICE_MAX } from '../../../../api/contract/listing-fields.ts'
import { money, toCents } from '../../../../api/contract/listing-field-schemas.ts'
import { Button } from '../../../components/ui/Button.tsx'
import { TextField } from '../../../components/ui/TextField.tsx'
import { notify } from '../../../lib/notify.tsx'
import type { SpreadBy } from '../../../../api/contract/spread-cents.ts'
import { useHaulStore, type HaulItemView } from './useHaul.ts'

const PaidSchema = money({ label: 'Paid in all', max: ASKING_PRICE_MAX, zeroAllowed: true })
const SPREADS: { value: SpreadBy; label: string }[] = [
  { value: 'evenly', label: 'Evenly' },
  { value: 'price', label: 'By price' },
]
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`

export function HaulReceipt({ haulId, items }: { haulId: string; items: HaulItemView[] }) {
  const hauls = useHaulStore()
  const [paid, setPaid] = useState('')
  const [by, setBy] = useState<SpreadBy>('evenly')
  const [error, setError] = useState<string>()
  const open = items.filter((view) => view.draft.state === 'editing')
  const unpriced = open.filter((view) => !(Number(view.draft.fields.askingPrice) > 0)).length
  const costCents = items.reduce((sum, view) => sum + toCents(Number(view.draft.fields.cost) || 0), 0)
  const costed = items.filter((view) => view.draft.fields.cost !== '').length

  const spread = async () => {
    const parsed = v.safeParse(PaidSchema, paid)
    if (!parsed.success || parsed.output === null) {
      setError(parsed.success ? 'Enter what you paid for the haul' : parsed.issues[0].message)
      return
    }
    setError(undefined)
    const count = await hauls.spreadReceipt(haulId, toCents(parsed.output), by)
    notify(
      `${dollars(toCents(parsed.output))} spread over ${count} items`,
      'Change any item’s Cost on its form.',
      'success',
    )
  }

  return (
    <details className="rounded-xl border border-slate-200 bg-white p-3">
      <summary className="min-h-8 cursor-pointer font-semibold text-slate-900">Receipt: what you paid</summary>
      <div className="mt-3 flex flex-col gap-3 text-sm">
        <p role="status" className="text-slate-600">
          {costed === 0 ? 'No costs entered yet.' : `Costs entered: ${dollars(costCents)} over ${costed} items.`}
        </p>
        <TextField
          label="Paid in all"
          inputMode="decimal"
          placeholder="24.50"
          value={paid}
          error={error}
          onChange={(event) => setPaid(event.target.value)}
        />
        <fieldset>
          <legend className="font-medium text-slate-700">Spread</legend>
          <div className="mt-1 flex gap-4">
            {SPREADS.map((spreadBy) => (
              <label key={spreadBy.value} className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="spread"
                  value={spreadBy.value}
                  checked={by === spreadBy.value}
                  onChange={() => setBy(spreadBy.value)}
                />
                {spreadBy.label}
              </label>
            ))}
          </div>
          {by === 'price' && unpriced > 0 && (
            <p className="text-slate-600">
              {unpriced} of the items {unpriced === 1 ? 'has' : 'have'} no price yet and would get none of it.
            </p>
          )}
        </fieldset>
        <Button variant="secondary" className="self-start" disabled={open.length === 0} onClick={() => void spread()}>
          Spread over {open.length} {open.length === 1 ? 'item' : 'items'}
        </Button>
      </div>
    </details>
  )
}
