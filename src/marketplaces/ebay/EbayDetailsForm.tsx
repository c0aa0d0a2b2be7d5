// The part of the Post to eBay dialog that catches what eBay would refuse before it does: the Price eBay gets, the
// category eBay will list the item in (another of eBay's on request), its required details present (✓) and missing
// (a field to fill right here), the other item specifics that go with them (shown before they are sent), the
// conditions eBay allows there with the seller's description, the shipping policy among the seller's, the ZIP code for
// a first-time seller's inventory location, selling policies that still need setting up on eBay, and what the AI only
// guessed of what eBay gets. An error on a field the form does not show is said above the buttons (issue 47).
import * as v from 'valibot'
import { useState } from 'react'
import { get, useForm, useWatch, type FieldError } from 'react-hook-form'
import {
  CALCULATED_SHIPPING_NEED,
  CONDITION_DESCRIPTION_MAX,
  EBAY_CONDITION_OF,
  EbayPublishInputSchema,
  NEW_CONDITIONS,
  OWN_PHOTO_NEED,
  type EbayCategory,
  type EbayPublishInput,
  type EbayRequirements,
} from '../../../api/contract/ebay-publish.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { listedPrice, type PriceSource } from '../../../api/contract/listing-status.ts'
import { CONDITIONS } from '../../../api/contract/options.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextAreaField } from '../../components/ui/TextAreaField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { checkedGuessesOf, GUESSED_CONDITION } from '../../../api/contract/guesses.ts'
import { placeFieldErrors } from '../../lib/form-errors.ts'
import { fieldErrors } from '../../offline/api-error.ts'
import { EbayCategoryPicker } from '../../components/EbayCategoryPicker.tsx'
import { GuessedParcel, ListingGaps, OtherAspects, PoliciesProblem } from './EbayDetailsNotes.tsx'
import { ShippingPolicyField } from './ShippingPolicyField.tsx'

/** Missing items that are not details eBay lists per category, as eBay needs them: fixed on the listing, not here. */
const LISTING_NEEDS: Record<string, string> = {
  Photos: 'at least one photo',
  // Its shipping policy is priced by calculated shipping.
  [CALCULATED_SHIPPING_NEED]: 'the package weight and size (under Shipping: your shipping policy is calculated)',
  [OWN_PHOTO_NEED]: 'a photo of the item itself (eBay’s stock photo alone is not enough for a used item)',
}

/** Where the Price shown comes from, for a listing made before it had one. */
const PRICE_FALLBACK: Record<PriceSource, string | null> = {
  asking: null,
  median:
    'This listing has no Price yet: this is its median used price. Change it if you like; it is saved when you post.',
  retail:
    'This listing has no Price or median used price: this is its retail price (new). A used item usually sells for less.',
}

// When eBay did not list conditions for the category: Snaplist's own two, as eBay names them most often.
const FALLBACK_CONDITIONS = CONDITIONS.map((condition) => ({
  value: EBAY_CONDITION_OF[condition.value],
  label: condition.label,
}))

const asOptions = (values: string[]) => values.map((value) => ({ value, label: value }))

// The names of what is sent but may not be on screen, for an error said above the buttons.
const LABELS: Record<string, string> = {
  shippingPolicyId: 'Shipping policy',
  conditionDescription: 'Condition description',
  postalCode: 'ZIP code',
  categoryId: 'eBay category',
}

/** What the seller types; what is sent depends on the category's requirements, so it is checked on submit. */
interface EbayDetailsValues {
  askingPrice: string
  condition: string
  conditionDescription: string
  aspects: Record<string, string>
  postalCode: string
}

interface EbayDetailsFormProps {
  listing: Listing
  requirements: EbayRequirements
  /** Keeps another of eBay's categories on the listing; `requirements` then come for it. */
  onChooseCategory: (category: EbayCategory) => void
  /** Looks at another of the seller's shipping policies; `requirements` then come for it. */
  onChooseShipping: (policyId: string) => void
  posting: boolean
  onCancel: () => void
  /** Posts; onRefused puts the API's field errors under this form's inputs. */
  onPost: (input: EbayPublishInput, onRefused: (error: unknown) => void) => void
}

export function EbayDetailsForm({
  listing,
  requirements,
  onChooseCategory,
  onChooseShipping,
  posting,
  onCancel,
  onPost,
}: EbayDetailsFormProps) {
  const listed = listedPrice(listing)
  const [picking, setPicking] = useState(false)
  // Errors on fields this form does not show (a shipping policy with only one to choose, say): said above the buttons.
  const [unshown, setUnshown] = useState<string[]>([])
  const { register, control, handleSubmit, formState, setError, setValue } = useForm<EbayDetailsValues>({
    defaultValues: {
      askingPrice: listed.value > 0 ? listed.value.toFixed(2) : '',
      condition: '',
      conditionDescription: requirements.conditionDescription,
      aspects: {},
      postalCode: '',
    },
  })
  const [price, chosenCondition, typed, postalCode] = useWatch({
    control,
    name: ['askingPrice', 'condition', 'aspects', 'postalCode'],
  })
  const errorOf = (name: string) => (get(formState.errors, name) as FieldError | undefined)?.message

  const conditions = requirements.conditions.length ? requirements.conditions : FALLBACK_CONDITIONS
  // A condition picked for another category stands only if this one allows it too.
  const condition = conditions.find((option) => option.value === chosenCondition)?.value ?? requirements.condition
  const describable = !NEW_CONDITIONS.includes(condition)

  const missingAspects = requirements.aspects.filter((aspect) => aspect.value === null)
  const presentAspects = requirements.aspects.filter((aspect) => aspect.value !== null)
  // A used item with eBay's stock photos alone lacks one of its own; a new one does not (the server checks it too).
  const needs = [...requirements.missing, ...(requirements.onlyStockPhotos && describable ? [OWN_PHOTO_NEED] : [])]
  const listingGaps = needs.flatMap((name) => (LISTING_NEEDS[name] ? [LISTING_NEEDS[name]] : []))
  const unfilled =
    missingAspects.filter((aspect) => !typed[aspect.name]?.trim()).length +
    (requirements.needsLocation && !postalCode.trim() ? 1 : 0) +
    (price.trim() ? 0 : 1)
  const blocked = requirements.policiesProblem !== null || listingGaps.length > 0
  const shown = (field: string) =>
    ['askingPrice', 'condition'].includes(field) ||
    (field === 'conditionDescription' && describable) ||
    (field === 'postalCode' && requirements.needsLocation) ||
    (field === 'shippingPolicyId' && requirements.shipping.policies.length > 1) ||
    missingAspects.some((aspect) => field === `aspects.${aspect.name}`)
  const place = (fields: Record<string, string>) => setUnshown(placeFieldErrors(setError, shown, fields, LABELS))

  const submit = handleSubmit((values) => {
    setUnshown([])
    const result = v.safeParse(EbayPublishInputSchema, {
      askingPrice: values.askingPrice,
      condition,
      ...(describable ? { conditionDescription: values.conditionDescription } : {}),
      ...(missingAspects.length ? { aspects: values.aspects } : {}),
      ...(requirements.needsLocation ? { postalCode: values.postalCode } : {}),
      ...(requirements.shipping.chosen ? { shippingPolicyId: requirements.shipping.chosen } : {}),
    })
    if (result.success) return onPost(result.output, (error) => place(fieldErrors(error)))
    place(Object.fromEntries(result.issues.map((issue) => [v.getDotPath(issue) ?? '', issue.message])))
  })

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Price"
        hint={PRICE_FALLBACK[listed.source] ?? 'What eBay buyers pay, in dollars and cents.'}
        type="number"
        inputMode="decimal"
        min={0.01}
        step={0.01}
        error={errorOf('askingPrice')}
        {...register('askingPrice')}
      />
      {/* The estimates help only while the seller has no Price of their own: once set, it is the price. */}
      {listed.source !== 'asking' && (
        <p className="text-xs text-slate-500">
          For reference: retail price (new) {listing.price ? `$${listing.price}` : 'N/A'}, median used price{' '}
          {listing.medianUsedPrice ? `$${listing.medianUsedPrice}` : 'N/A'}.
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700">
        <span>
          eBay category: <span className="font-medium text-slate-900">{requirements.category.name}</span>
        </span>
        {!picking && (
          <Button
            variant="ghost"
            className="px-2"
            onClick={() => setPicking(true)}
            aria-label={`Change eBay category (now ${requirements.category.name})`}
          >
            Change
          </Button>
        )}
      </div>
      {picking && (
        <EbayCategoryPicker
          title={listing.title}
          current={requirements.category.id}
          onChoose={(category) => {
            onChooseCategory(category)
            setPicking(false)
          }}
          onClose={() => setPicking(false)}
        />
      )}
      {requirements.policiesProblem && <PoliciesProblem problem={requirements.policiesProblem} />}
      <ListingGaps gaps={listingGaps} />
      <section aria-labelledby="ebay-details-heading" className="flex flex-col gap-3">
        <h3 id="ebay-details-heading" className="text-sm font-semibold text-slate-900">
          Details eBay requires
        </h3>
        {presentAspects.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm text-slate-700">
            {presentAspects.map((aspect) => (
              <li key={aspect.name}>
                <span aria-hidden="true" className="mr-1 text-emerald-700">
                  ✓
                </span>
                {aspect.name}: <span className="font-medium text-slate-900">{aspect.value}</span>
              </li>
            ))}
          </ul>
        )}
        {missingAspects.length === 0 && presentAspects.length === 0 && (
          <p className="text-sm text-slate-600">This category has no required details.</p>
        )}
        {missingAspects.map((aspect) => {
          const common = {
            label: `${aspect.name} (missing)`,
            value: typed[aspect.name] ?? '',
            error: errorOf(`aspects.${aspect.name}`),
          }
          const change = (value: string) => setValue('aspects', { ...typed, [aspect.name]: value })
          return aspect.allowedValues.length ? (
            <SelectField
              key={aspect.name}
              {...common}
              options={asOptions(aspect.allowedValues)}
              onChange={(event) => change(event.target.value)}
            />
          ) : (
            <TextField key={aspect.name} {...common} maxLength={50} onChange={(event) => change(event.target.value)} />
          )
        })}
      </section>
      <OtherAspects aspects={requirements.otherAspects} />
      <SelectField
        label="Condition"
        hint={
          checkedGuessesOf(listing).includes(GUESSED_CONDITION)
            ? 'Snaplist assumed this one: choose the condition the item is in.'
            : 'The conditions eBay allows in this category.'
        }
        value={condition}
        options={conditions}
        placeholder="Choose a condition"
        error={errorOf('condition')}
        onChange={(event) => setValue('condition', event.target.value)}
      />
      {describable && (
        <TextAreaField
          label="Condition description"
          hint="Wear, flaws or anything missing, in your words (optional)."
          rows={2}
          maxLength={CONDITION_DESCRIPTION_MAX}
          error={errorOf('conditionDescription')}
          {...register('conditionDescription')}
        />
      )}
      <ShippingPolicyField
        shipping={requirements.shipping}
        error={errorOf('shippingPolicyId')}
        onChoose={onChooseShipping}
      />
      <GuessedParcel listing={listing} />
      {requirements.needsLocation && (
        <TextField
          label="Ships from (ZIP code)"
          hint="eBay needs the location your items ship from; Snaplist sets it up once."
          inputMode="numeric"
          autoComplete="postal-code"
          error={errorOf('postalCode')}
          {...register('postalCode')}
        />
      )}
      {unshown.length > 0 && (
        <p role="alert" className="text-sm text-red-700">
          {unshown.join(' ')}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {unfilled > 0 && !blocked && (
          <p className="text-sm text-slate-600 sm:mr-auto">Fill in the missing details to post.</p>
        )}
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
