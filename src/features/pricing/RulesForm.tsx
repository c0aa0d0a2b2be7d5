// The seller's price rules as a form (issue 51): the minimum profit every floor keeps, the shipping they pay, the
// markdown ladder and the offers to watchers. Checked with the API's own schema before it is sent, so a mistake is
// said where it was typed.
import { useState, type FormEvent } from 'react'
import * as v from 'valibot'
import { PriceRulesSchema, type PriceRules } from '../../../api/contract/price-rules.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { Switch } from '../../components/ui/Switch.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { DEFAULT_OFFER_RULE } from '../../../api/contract/offers.ts'
import { OfferRuleFields, offerRuleOf, offerTextOf, type OfferText } from './OfferRuleFields.tsx'
import { useSaveRules } from './pricing-queries.ts'

const PROFIT_BY = [
  { value: 'amount', label: 'Dollars' },
  { value: 'percent', label: 'Percent of the price' },
] as const

/** The form's text, as typed. */
const textOf = (rules: PriceRules) => ({
  profitBy: rules.minimumProfit.by as string,
  profit: String(rules.minimumProfit.by === 'amount' ? rules.minimumProfit.amount : rules.minimumProfit.percent),
  shippingPaid: String(rules.shippingPaid),
  firstAfterDays: String(rules.ladder.firstAfterDays),
  firstPercent: String(rules.ladder.firstPercent),
  thenEveryDays: String(rules.ladder.thenEveryDays),
  thenPercent: String(rules.ladder.thenPercent),
  ...offerTextOf(rules.offers ?? DEFAULT_OFFER_RULE),
})
type Text = ReturnType<typeof textOf>

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

const rulesOf = (text: Text, on: boolean, offersOn: boolean) => ({
  minimumProfit:
    text.profitBy === 'percent'
      ? { by: 'percent', percent: number(text.profit) }
      : { by: 'amount', amount: number(text.profit) },
  shippingPaid: number(text.shippingPaid),
  ladder: {
    on,
    firstAfterDays: number(text.firstAfterDays),
    firstPercent: number(text.firstPercent),
    thenEveryDays: number(text.thenEveryDays),
    thenPercent: number(text.thenPercent),
  },
  offers: offerRuleOf(text, offersOn),
})

export function RulesForm({ rules }: { rules: PriceRules }) {
  const [text, setText] = useState(() => textOf(rules))
  const [on, setOn] = useState(rules.ladder.on)
  const [offersOn, setOffersOn] = useState(rules.offers?.on ?? false)
  const [problem, setProblem] = useState<string | null>(null)
  const save = useSaveRules()
  const field = (name: keyof Text | keyof OfferText) => ({
    value: text[name],
    onChange: (event: { target: { value: string } }) => setText({ ...text, [name]: event.target.value }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const checked = v.safeParse(PriceRulesSchema, rulesOf(text, on, offersOn))
    setProblem(checked.success ? null : checked.issues[0].message)
    if (checked.success) save.mutate(checked.output)
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Minimum profit in" options={PROFIT_BY} {...field('profitBy')} />
        <TextField label="Minimum profit" inputMode="decimal" {...field('profit')} />
      </div>
      <TextField
        label="Shipping you pay on a sale ($)"
        inputMode="decimal"
        hint="What a label costs you beyond what the buyer pays; 0 if the buyer pays it all"
        {...field('shippingPaid')}
      />
      <Switch label="Lower prices of listings that sit" checked={on} onChange={setOn} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="First cut after (days)" inputMode="numeric" {...field('firstAfterDays')} />
        <TextField label="First cut (%)" inputMode="decimal" {...field('firstPercent')} />
        <TextField label="Then every (days)" inputMode="numeric" {...field('thenEveryDays')} />
        <TextField label="Then cut (%)" inputMode="decimal" {...field('thenPercent')} />
      </div>
      <p className="text-sm text-slate-600">
        Never below a listing’s floor: its cost, the fees and your minimum profit.
      </p>
      <OfferRuleFields field={field} on={offersOn} setOn={setOffersOn} />
      {problem && (
        <p role="alert" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save rules'}
      </Button>
    </form>
  )
}
