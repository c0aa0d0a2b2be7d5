// The part of the Post to Etsy dialog that asks what Etsy needs and eBay does not (issue 29): who made it and whether it
// is a supply (the seller's habits, proposed from their last answers; a Vintage listing proposes someone else), when it
// was made (asked for each item, never carried over: issue 47), the Etsy category (suggested, or found by search), and
// the shop's own shipping, return and processing profiles. Answers Etsy does not allow (someone else made it, a
// finished product, not vintage) are said at once and cannot be posted. Etsy's fee is said before the seller confirms.
import * as v from 'valibot'
import { useState, type ChangeEvent } from 'react'
import { get, useForm, useWatch, type FieldError } from 'react-hook-form'
import {
  EtsyPublishInputSchema,
  type EtsyChoice,
  type EtsyPublishInput,
  type EtsyRequirements,
} from '../../../api/contract/etsy-publish.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { listedPrice } from '../../../api/contract/listing-status.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { fieldErrorsOnto } from '../../lib/form-errors.ts'
import { fieldErrors, hasCode } from '../../offline/api-error.ts'
import { etsyResaleRefusal, vintageYear } from '../../../api/contract/etsy-when-made.ts'
import { ETSY_FEE, isVintage, SUPPLY_OPTIONS, whenMadeOptions, whoMadeOptions } from './etsy-choices.ts'
import { EtsyCategoryChoice } from './EtsyCategoryChoice.tsx'
import type { EtsyHabits } from './etsy-habits.ts'

/** What the seller chooses; all text, as the inputs hold it, checked against the contract's schema on submit. */
interface EtsyAnswerValues {
  askingPrice: string
  whoMade: string
  whenMade: string
  isSupply: string
  shippingProfileId: string
  returnPolicyId: string
  readinessStateId: string
}
type ProfileField = 'shippingProfileId' | 'returnPolicyId' | 'readinessStateId'

const asOptions = (choices: EtsyChoice[]) => choices.map(({ id, name }) => ({ value: String(id), label: name }))

/** The habit when it is still one of the shop's profiles, else the shop's first (what Etsy would get anyway). */
const profileOf = (choices: EtsyChoice[], habit: number | undefined) =>
  String(choices.find((choice) => choice.id === habit)?.id ?? choices[0]?.id ?? '')

/** The form's first values; when it was made starts unanswered, for every item (a habit would be another item's). */
function defaultsOf(listing: Listing, requirements: EtsyRequirements, habits: EtsyHabits): EtsyAnswerValues {
  const price = listedPrice(listing).value
  return {
    askingPrice: price > 0 ? price.toFixed(2) : '',
    whoMade: isVintage(listing) ? 'someone_else' : (habits.whoMade ?? ''),
    whenMade: '',
    isSupply: habits.isSupply === undefined ? '' : String(habits.isSupply),
    shippingProfileId: profileOf(requirements.shippingProfiles, habits.shippingProfileId),
    returnPolicyId: profileOf(requirements.returnPolicies, habits.returnPolicyId),
    readinessStateId: profileOf(requirements.processingProfiles, habits.readinessStateId),
  }
}

const PROFILES: { name: ProfileField; label: string; of: (r: EtsyRequirements) => EtsyChoice[] }[] = [
  { name: 'shippingProfileId', label: 'Shipping profile', of: (r) => r.shippingProfiles },
  { name: 'returnPolicyId', label: 'Return policy', of: (r) => r.returnPolicies },
  { name: 'readinessStateId', label: 'Processing profile', of: (r) => r.processingProfiles },
]

// What the seller still has to answer, named as Etsy's form names them.
const ASKED: [keyof EtsyAnswerValues, string][] = [
  ['askingPrice', 'a price'],
  ['whoMade', 'who made it'],
  ['whenMade', 'when it was made'],
  ['isSupply', 'whether it is a finished product or a supply'],
]

interface EtsyAnswersFormProps {
  listing: Listing
  requirements: EtsyRequirements
  habits: EtsyHabits
  /** Something only Etsy's side or the listing can fix (a profile to set up, a photo): posting waits for it. */
  blocked: boolean
  posting: boolean
  onCancel: () => void
  /** Posts; onRefused puts the API's field errors (a when_made Etsy no longer takes) under this form's inputs. */
  onPost: (input: EtsyPublishInput, onRefused: (error: unknown) => void) => void
}

export function EtsyAnswersForm({
  listing,
  requirements,
  habits,
  blocked,
  posting,
  onCancel,
  onPost,
}: EtsyAnswersFormProps) {
  const { register, control, handleSubmit, formState, setError, setValue } = useForm<EtsyAnswerValues>({
    defaultValues: defaultsOf(listing, requirements, habits),
  })
  const values = useWatch({ control })
  const [category, setCategory] = useState<EtsyChoice | null>(requirements.taxonomy)
  // when_made values Etsy refused in this dialog: no longer offered, so the seller picks one it takes now.
  const [refused, setRefused] = useState<string[]>([])
  const errorOf = (name: keyof EtsyAnswerValues) => (get(formState.errors, name) as FieldError | undefined)?.message
  // Controlled selects, as EbayDetailsForm's: React keeps the shown choice and the form's value the same.
  const chosen = (name: Exclude<keyof EtsyAnswerValues, 'askingPrice'>) => ({
    name,
    value: values[name] ?? '',
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLSelectElement>) => setValue(name, event.target.value, { shouldValidate: false }),
  })
  const unanswered = [
    ...ASKED.filter(([name]) => !values[name]?.trim()).map(([, said]) => said),
    ...(category ? [] : ['an Etsy category']),
  ]
  // The contract's rule, which the server refuses by too.
  const notAllowed = etsyResaleRefusal({
    whoMade: values.whoMade,
    whenMade: values.whenMade,
    isSupply: values.isSupply ? values.isSupply === 'true' : undefined,
  })

  // A when_made Etsy refused (its yearly rename) comes back under the whenMade field: leave it out and ask again.
  const refusedOnto = (sent: EtsyAnswerValues) => (error: unknown) => {
    if (!hasCode(error, 'etsy_refused') || fieldErrors(error).whenMade === undefined)
      return fieldErrorsOnto(setError, sent)(error)
    setRefused((before) => [...before, sent.whenMade])
    setValue('whenMade', '')
    const label = whenMadeOptions([sent.whenMade])[0]!.label
    setError('whenMade', { message: `Etsy no longer accepts "${label}". Choose one of the values it takes now.` })
  }

  const submit = handleSubmit((sent) => {
    const result = v.safeParse(EtsyPublishInputSchema, {
      ...sent,
      taxonomyId: category?.id,
    })
    if (result.success) return onPost(result.output, refusedOnto(sent))
    for (const issue of result.issues)
      setError((v.getDotPath(issue) ?? 'root') as keyof EtsyAnswerValues, { message: issue.message })
  })

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Price"
        hint="What Etsy buyers pay, in dollars and cents."
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        error={errorOf('askingPrice')}
        {...register('askingPrice')}
      />
      <EtsyCategoryChoice category={category} onChoose={setCategory} />
      <section aria-labelledby="etsy-asks-heading" className="flex flex-col gap-3">
        <h3 id="etsy-asks-heading" className="text-sm font-semibold text-slate-900">
          What Etsy asks
        </h3>
        <SelectField
          label="Who made it?"
          options={whoMadeOptions(requirements.whoMade)}
          placeholder="Choose who made it"
          {...chosen('whoMade')}
        />
        <SelectField
          label="When was it made?"
          hint={isVintage(listing) ? `Vintage on Etsy means made in ${vintageYear()} or earlier.` : undefined}
          options={whenMadeOptions(requirements.whenMade.filter((value) => !refused.includes(value)))}
          placeholder="Choose when"
          {...chosen('whenMade')}
        />
        <SelectField
          label="What is it?"
          options={SUPPLY_OPTIONS}
          placeholder="Choose what it is"
          {...chosen('isSupply')}
        />
        {notAllowed && (
          <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {notAllowed}
          </p>
        )}
        <p className="text-xs text-slate-500">Shipping, returns and processing are your Etsy shop’s own.</p>
        {PROFILES.map(({ name, label, of }) =>
          of(requirements).length ? (
            <SelectField
              key={name}
              label={label}
              options={asOptions(of(requirements))}
              placeholder={`Choose a ${label.toLowerCase()}`}
              {...chosen(name)}
            />
          ) : null,
        )}
      </section>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{ETSY_FEE}</p>
      {/* Above the buttons, not among them: on a phone they stack and a note under Cancel reads as Cancel's. */}
      {unanswered.length > 0 && !blocked && (
        <p className="text-sm text-slate-600">Still to answer for Etsy: {unanswered.join(', ')}.</p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={posting || blocked || unanswered.length > 0 || notAllowed !== null}>
          {posting ? 'Posting...' : 'Post to Etsy'}
        </Button>
      </div>
    </form>
  )
}
