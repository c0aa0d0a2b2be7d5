// Etsy's section of the bulk post (decision 0064): each chosen listing checked as the Post to Etsy dialog checks one
// (what Etsy needs, read through the same query), and what Etsy asks beside the listing asked once for the whole
// selection: who made it, when, what it is (the seller's habits proposed) and the shop's profiles. Per listing only
// what one answer cannot give: its Etsy category, a photo, a price (Add details opens it in Post to Etsy).
import { useQueries } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import * as v from 'valibot'
import { BulkPostAnswersSchema } from '../../../api/contract/bulk-post.ts'
import type { EtsyAnswers, EtsyChoice, EtsyMissing, EtsyRequirements } from '../../../api/contract/etsy-publish.ts'
import { etsyResaleRefusal } from '../../../api/contract/etsy-when-made.ts'
import type { Listing } from '../../../api/contract/listing.ts'
import { listedPrice } from '../../../api/contract/listing-status.ts'
import { useDraft, useReportPart, type BulkBehind, type BulkSectionProps } from '../../components/bulk-post-parts.ts'
import { FixButton, ItemRow, Working } from '../../components/bulk-post-rows.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { ETSY_FEE, isVintage, SUPPLY_OPTIONS, whenMadeOptions, whoMadeOptions } from './etsy-choices.ts'
import { readEtsyHabits, rememberEtsyHabits } from './etsy-habits.ts'
import { etsyFailure, RECONNECT_CODES, SHOP_SETUP_CODE } from './etsy-post-failure.ts'
import { etsyRequirementsQuery } from './etsy-publish-queries.ts'
import { EtsyReconnect } from './EtsyReconnect.tsx'
import { EtsyShopSetup } from './EtsyShopSetup.tsx'

/** Etsy's answers for all: the contract's own rules and words. */
const EtsyAnswersSchema = v.unwrap(BulkPostAnswersSchema.entries.etsy)

type Answers = Record<'whoMade' | 'whenMade' | 'isSupply' | Profile, string>
type Profile = 'shippingProfileId' | 'returnPolicyId' | 'readinessStateId'
const PROFILES: { name: Profile; label: string; of: (r: EtsyRequirements) => EtsyChoice[] }[] = [
  { name: 'shippingProfileId', label: 'Shipping profile', of: (r) => r.shippingProfiles },
  { name: 'returnPolicyId', label: 'Return policy', of: (r) => r.returnPolicies },
  { name: 'readinessStateId', label: 'Processing profile', of: (r) => r.processingProfiles },
]

/** Where one listing stands on Etsy: live already, being checked, what it needs of its own, or ready. */
type EtsyCheck = { kind: 'live' | 'checking' | 'ready' } | { kind: 'needs'; needs: string }

function checkOf(listing: Listing, requirements: EtsyRequirements | undefined, failed: string | null): EtsyCheck {
  if (listing.etsyStatus === 'active') return { kind: 'live' }
  if (failed) return { kind: 'needs', needs: failed }
  if (!requirements) return { kind: 'checking' }
  const own = [
    requirements.taxonomy ? '' : 'an Etsy category',
    listing.images.length ? '' : 'a photo',
    listedPrice(listing).value > 0 ? '' : 'a Price',
  ].filter(Boolean)
  return own.length ? { kind: 'needs', needs: `needs ${own.join(', ')}` } : { kind: 'ready' }
}

/** The habit when it is still one of the shop's profiles, else the shop's first (what Etsy would get anyway). */
const profileOf = (choices: EtsyChoice[], habit: number | undefined) =>
  String(choices.find((choice) => choice.id === habit)?.id ?? choices[0]?.id ?? '')

export function EtsyBulkSection({ listings, onState, onFix, ...kept }: BulkSectionProps) {
  const user = useCurrentUser()
  const [habits] = useState(() => readEtsyHabits(user.id))
  const toCheck = listings.filter((listing) => listing.etsyStatus !== 'active')
  const queries = useQueries({
    queries: toCheck.map((listing) => ({ ...etsyRequirementsQuery(listing.id), placeholderData: undefined })),
  })
  const shop = queries.find((query) => query.data)?.data
  const [chosen, setChosen] = useDraft<Partial<Answers>>(kept, {})
  const answer = (name: keyof Answers, value: string) => setChosen({ [name]: value })
  const allVintage = listings.length > 0 && listings.every(isVintage)
  const values: Answers = {
    whoMade: chosen.whoMade ?? (allVintage ? 'someone_else' : (habits.whoMade ?? '')),
    whenMade: chosen.whenMade ?? '',
    isSupply: chosen.isSupply ?? (habits.isSupply === undefined ? '' : String(habits.isSupply)),
    ...(Object.fromEntries(
      PROFILES.map(({ name, of }) => [name, chosen[name] ?? (shop ? profileOf(of(shop), habits[name]) : '')]),
    ) as Record<Profile, string>),
  }

  // What the shop lacks, or a connection that cannot publish, holds every listing back: said once, above.
  const missing: EtsyMissing[] = shop?.missing ?? []
  const failure = queries.find((query) => query.error)?.error
  const reconnect =
    missing.find((item) => RECONNECT_CODES.includes(item.code))?.message ??
    (failure && etsyFailure(failure).reconnect ? etsyFailure(failure).message : undefined)
  const setup = missing.filter((item) => item.code === SHOP_SETUP_CODE)
  const blocked = reconnect !== undefined || setup.length > 0

  const rows = listings.map((listing) => {
    const query = queries[toCheck.indexOf(listing)]
    return { listing, check: checkOf(listing, query?.data, query?.error ? etsyFailure(query.error).message : null) }
  })
  const checking = rows.filter((row) => row.check.kind === 'checking').length
  const ready = blocked ? [] : rows.filter((row) => row.check.kind === 'ready')
  const needing = rows.filter((row) => row.check.kind === 'needs')

  const parsed = v.safeParse(EtsyAnswersSchema, {
    whoMade: values.whoMade || undefined,
    whenMade: values.whenMade || undefined,
    isSupply: values.isSupply ? values.isSupply === 'true' : undefined,
    ...Object.fromEntries(PROFILES.map(({ name }) => [name, values[name] || undefined])),
  })
  const notAllowed = parsed.success ? etsyResaleRefusal(parsed.output) : null
  const unanswered = [
    values.whoMade ? '' : 'who made them',
    values.whenMade ? '' : 'when they were made',
    values.isSupply ? '' : 'what they are',
  ].filter(Boolean)
  const answers = parsed.success && !unanswered.length && !notAllowed ? parsed.output : null
  // The seller's habits, proposed next time: kept once they are complete.
  const said = answers ? JSON.stringify(answers) : null
  useEffect(() => {
    if (said) rememberEtsyHabits(user.id, JSON.parse(said) as EtsyAnswers)
  }, [said, user.id])
  useReportPart(onState, {
    checking: checking > 0,
    ready: ready.map((row) => row.listing.id),
    behind: needing.map(({ listing, check }): BulkBehind => ({
      listingId: listing.id,
      title: listing.title,
      needs: check.kind === 'needs' ? check.needs : null,
    })),
    answers: answers ? { etsy: answers } : null,
  })

  const select = (name: keyof Answers) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => answer(name, event.target.value),
  })
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="text-sm text-slate-700">
        {checking > 0
          ? `Checking what Etsy needs: ${rows.length - checking} of ${rows.length} done…`
          : [
              `${ready.length} can go as ${ready.length === 1 ? 'it is' : 'they are'}`,
              needing.length ? `${needing.length} ${needing.length === 1 ? 'needs' : 'need'} something` : '',
            ]
              .filter(Boolean)
              .join(' · ')}
      </p>
      {reconnect && <EtsyReconnect message={reconnect} />}
      <EtsyShopSetup missing={setup} />
      {needing.length > 0 && (
        <ul aria-label="Listings Etsy needs more of" className="flex flex-col divide-y divide-slate-100">
          {needing.map(({ listing, check }) => (
            <ItemRow
              key={listing.id}
              title={listing.title}
              listing={listing}
              state={
                check.kind === 'checking' ? (
                  <Working>Checking…</Working>
                ) : (
                  <span className="font-medium text-amber-900">
                    {check.kind === 'needs' ? `Needs something: ${check.needs.replace(/^needs /, '')}` : ''}
                  </span>
                )
              }
              action={<FixButton title={listing.title} onFix={() => onFix(listing)} missing where="Etsy" />}
            />
          ))}
        </ul>
      )}
      {shop && !blocked && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold text-slate-900">What Etsy asks, once for all</legend>
          <SelectField
            label="Who made them?"
            options={whoMadeOptions(shop.whoMade)}
            placeholder="Choose who made them"
            {...select('whoMade')}
          />
          <SelectField
            label="When were they made?"
            options={whenMadeOptions(shop.whenMade)}
            placeholder="Choose when"
            {...select('whenMade')}
          />
          <SelectField
            label="What are they?"
            options={SUPPLY_OPTIONS}
            placeholder="Choose what they are"
            {...select('isSupply')}
          />
          {notAllowed && (
            <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
              {notAllowed}
            </p>
          )}
          {PROFILES.map(({ name, label, of }) =>
            of(shop).length > 1 ? (
              <SelectField
                key={name}
                label={label}
                options={of(shop).map(({ id, name: said }) => ({ value: String(id), label: said }))}
                placeholder={`Choose a ${label.toLowerCase()}`}
                {...select(name)}
              />
            ) : null,
          )}
          <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{ETSY_FEE}</p>
          {unanswered.length > 0 && (
            <p className="text-sm text-slate-600">Still to answer for Etsy: {unanswered.join(', ')}.</p>
          )}
        </fieldset>
      )}
    </div>
  )
}
