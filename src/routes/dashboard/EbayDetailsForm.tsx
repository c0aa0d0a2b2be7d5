// The part of the Post to eBay dialog that catches what eBay would refuse before it does: the category eBay will
// list the item in, its required details present (✓) and missing (a field to fill right here), the condition, the
// ZIP code for a first-time seller's inventory location, and selling policies that still need setting up on eBay.
import * as v from 'valibot'
import { useState, type FormEvent } from 'react'
import { CONDITIONS, EBAY_POLICIES_PAGE, EbayPublishInputSchema, type Condition, type EbayPublishInput, type EbayRequirements } from '../../../api/contract/ebay-publish.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'

/** Missing items that are not details eBay lists per category, as eBay needs them: fixed on the listing, not here. */
const LISTING_NEEDS: Record<string, string> = { Photos: 'at least one photo', 'Retail Price': 'a retail price above $0' }

const asOptions = (values: string[]) => values.map((value) => ({ value, label: value }))

function fieldErrors(input: unknown): Record<string, string> {
  const result = v.safeParse(EbayPublishInputSchema, input)
  if (result.success) return {}
  return Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message]))
}

export function EbayDetailsForm({ requirements, posting, onCancel, onPost }: { requirements: EbayRequirements; posting: boolean; onCancel: () => void; onPost: (input: EbayPublishInput) => void }) {
  const [condition, setCondition] = useState<Condition>(requirements.condition)
  const [typed, setTyped] = useState<Record<string, string>>({})
  const [postalCode, setPostalCode] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})

  const missingAspects = requirements.aspects.filter((aspect) => aspect.value === null)
  const presentAspects = requirements.aspects.filter((aspect) => aspect.value !== null)
  const listingGaps = requirements.missing.flatMap((name) => (LISTING_NEEDS[name] ? [LISTING_NEEDS[name]] : []))
  const unfilled = missingAspects.filter((aspect) => !typed[aspect.name]?.trim()).length + (requirements.needsLocation && !postalCode.trim() ? 1 : 0)
  const blocked = requirements.policiesProblem !== null || listingGaps.length > 0

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const input = { condition, ...(missingAspects.length ? { aspects: typed } : {}), ...(requirements.needsLocation ? { postalCode } : {}) }
    const problems = fieldErrors(input)
    setErrors(problems)
    if (Object.keys(problems).length === 0) onPost(v.parse(EbayPublishInputSchema, input))
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        eBay category: <span className="font-medium text-slate-900">{requirements.category.name}</span>
      </p>
      {requirements.policiesProblem && (
        <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{requirements.policiesProblem}</p>
          <a href={EBAY_POLICIES_PAGE} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block font-medium underline">
            Open eBay business policies
          </a>
        </div>
      )}
      {listingGaps.length > 0 && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          eBay needs {listingGaps.join(' and ')} for this listing. Listings cannot be edited yet: create it again with{' '}
          {listingGaps.length > 1 ? 'those' : 'that'}, then post it.
        </p>
      )}
      <section aria-labelledby="ebay-details-heading" className="flex flex-col gap-3">
        <h3 id="ebay-details-heading" className="text-sm font-semibold text-slate-900">
          Details eBay requires
        </h3>
        {presentAspects.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {presentAspects.map((aspect) => (
              <li key={aspect.name}>
                <span aria-hidden="true" className="mr-1 text-emerald-700">✓</span>
                {aspect.name}: <span className="font-medium text-slate-900">{aspect.value}</span>
              </li>
            ))}
          </ul>
        )}
        {missingAspects.length === 0 && presentAspects.length === 0 && <p className="text-sm text-slate-600">This category has no required details.</p>}
        {missingAspects.map((aspect) => {
          const common = { label: `${aspect.name} (missing)`, value: typed[aspect.name] ?? '', error: errors[`aspects.${aspect.name}`] }
          const change = (value: string) => setTyped((current) => ({ ...current, [aspect.name]: value }))
          return aspect.allowedValues.length ? (
            <SelectField key={aspect.name} {...common} options={asOptions(aspect.allowedValues)} onChange={(event) => change(event.target.value)} />
          ) : (
            <TextField key={aspect.name} {...common} maxLength={50} onChange={(event) => change(event.target.value)} />
          )
        })}
      </section>
      <SelectField label="Condition" value={condition} options={[...CONDITIONS]} placeholder="Choose a condition" onChange={(event) => setCondition((event.target.value || 'used') as Condition)} />
      {requirements.needsLocation && (
        <TextField
          label="Ships from (ZIP code)"
          hint="eBay needs the location your items ship from; Snaplist sets it up once."
          inputMode="numeric"
          autoComplete="postal-code"
          value={postalCode}
          error={errors.postalCode}
          onChange={(event) => setPostalCode(event.target.value)}
        />
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {unfilled > 0 && !blocked && <p className="text-sm text-slate-600 sm:mr-auto">Fill in the missing details to post.</p>}
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={posting || blocked || unfilled > 0}>
          {posting ? 'Posting...' : 'Post to eBay'}
        </Button>
      </div>
    </form>
  )
}
