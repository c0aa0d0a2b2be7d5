// The offer rule's part of the price rules form (issue 51, docs/decisions/0076): which live listings' watchers get an
// offer (days listed, a price band, a category, words in the title), how much off, and the message they read.
import { CATEGORIES } from '../../../api/contract/options.ts'
import { OFFER_MESSAGE_MAX, type OfferRule } from '../../../api/contract/offers.ts'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { Switch } from '../../components/ui/Switch.tsx'
import { TextAreaField } from '../../components/ui/TextAreaField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'

/** The rule's fields as typed. */
export const offerTextOf = (rule: OfferRule) => ({
  offerAfterDays: String(rule.afterDays),
  offerPercent: String(rule.percentOff),
  offerMinPrice: rule.minPrice === null ? '' : String(rule.minPrice),
  offerMaxPrice: rule.maxPrice === null ? '' : String(rule.maxPrice),
  offerCategory: rule.category ?? '',
  offerKeywords: rule.keywords.join(', '),
  offerMessage: rule.message,
})
export type OfferText = ReturnType<typeof offerTextOf>

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text))

/** The rule from what was typed, for the API's schema to check. */
export const offerRuleOf = (text: OfferText, on: boolean) => ({
  on,
  afterDays: number(text.offerAfterDays),
  percentOff: number(text.offerPercent),
  minPrice: text.offerMinPrice.trim() || null,
  maxPrice: text.offerMaxPrice.trim() || null,
  category: text.offerCategory || null,
  keywords: text.offerKeywords
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean),
  message: text.offerMessage,
})

type FieldProps = (name: keyof OfferText) => {
  value: string
  onChange: (event: { target: { value: string } }) => void
}

export function OfferRuleFields({
  field,
  on,
  setOn,
}: {
  field: FieldProps
  on: boolean
  setOn: (on: boolean) => void
}) {
  return (
    <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-3">
      <legend className="sr-only">Offers to watchers</legend>
      <Switch label="Send offers to watchers on eBay" checked={on} onChange={setOn} />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Listed at least (days)" inputMode="numeric" {...field('offerAfterDays')} />
        <TextField label="Offer discount (%)" inputMode="decimal" {...field('offerPercent')} />
        <TextField label="Priced from ($)" inputMode="decimal" {...field('offerMinPrice')} />
        <TextField label="Priced up to ($)" inputMode="decimal" {...field('offerMaxPrice')} />
      </div>
      <SelectField label="Category" options={CATEGORIES} placeholder="Any" {...field('offerCategory')} />
      <TextField
        label="Title has one of (comma between)"
        hint="Leave empty for every listing"
        {...field('offerKeywords')}
      />
      <TextAreaField label="Message to watchers" rows={3} maxLength={OFFER_MESSAGE_MAX} {...field('offerMessage')} />
      <p className="text-sm text-slate-600">
        One offer a listing while it has new watchers, open 2 days, never below its floor.
      </p>
    </fieldset>
  )
}
