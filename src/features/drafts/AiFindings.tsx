// What the analysis found beyond the form's own fields (docs/product.md §12): guesses marked until the seller checks
// them, the prices of items like it in the catalog's market now, the catalog's item specifics for its category, and the
// flaws the photos show.
import { useState } from 'react'
import type { AnalysisGap, AspectSuggestion, Flaw, MarketPrices, PriceSource } from '../../../api/contract/analysis.ts'
import { CATALOG_NAME, MARKET_GAP, catalogSpecificsOf } from '../../../api/contract/catalog.ts'
import { isFieldAspect, measurementAspect } from '../../../api/contract/catalog-fields.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { aspectGuessKey } from '../../offline/draft-fills.ts'
import type { Draft } from '../../offline/db.ts'
import { useDraftStore } from './useDrafts.ts'

/** A value the AI inferred rather than read in a photo; distinct from the AI badge. */
export function GuessBadge() {
  return (
    <span
      className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
      title="The AI did not read this in a photo: check it"
    >
      Guess: check it
    </span>
  )
}

/** The seller looked at a guessed value and keeps it. */
export function ConfirmGuess({ draftId, guessKey, label }: { draftId: string; guessKey: string; label: string }) {
  const drafts = useDraftStore()
  return (
    <Button
      variant="ghost"
      className="self-start text-sm"
      onClick={() => void drafts.confirmGuess(draftId, guessKey)}
      aria-label={`${label} is right`}
    >
      It's right
    </Button>
  )
}

const dollars = (amount: number) => `$${Math.round(amount)}`

const PRICE_SOURCE: Record<PriceSource, string> = {
  market: `Median used price: from the ${CATALOG_NAME} listings above.`,
  model: "Median used price: the AI's estimate.",
  both: `Median used price: the ${CATALOG_NAME} listings above weighed with the AI's estimate (few listings to go by).`,
}

/** "23 on <the catalog> now: $18–$34, middle $25", the three closest, and where the suggested used price came from. */
export function MarketPanel({
  market,
  priceSource,
  gaps,
}: {
  market: MarketPrices | null | undefined
  priceSource: PriceSource | null | undefined
  gaps: AnalysisGap[]
}) {
  const unavailable = gaps.includes(MARKET_GAP)
  if (!market && !unavailable && !priceSource) return null
  return (
    <section
      aria-label={`Listed on ${CATALOG_NAME} now`}
      className="flex flex-col gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800 sm:col-span-2"
    >
      {market && market.count > 0 && (
        <>
          <p className="font-semibold">
            {market.count} on {CATALOG_NAME} now: {dollars(market.low)}–{dollars(market.high)}, middle{' '}
            {dollars(market.middle)}
          </p>
          <ul className="flex flex-col gap-1">
            {market.closest.map((item) => (
              <li key={item.url}>
                <a href={item.url} target="_blank" rel="noreferrer" className="text-indigo-700 underline">
                  {item.title}
                </a>{' '}
                {dollars(item.total)} with shipping
              </li>
            ))}
          </ul>
        </>
      )}
      {market && market.count === 0 && <p>No listings like this on {CATALOG_NAME} now.</p>}
      {unavailable && <p>{CATALOG_NAME}'s prices could not be fetched just now.</p>}
      {market && (
        <p className="text-slate-600">
          Active listings are not sold prices: items often sell for less than they are listed at.
        </p>
      )}
      {priceSource && <p className="text-slate-600">{PRICE_SOURCE[priceSource]}</p>}
    </section>
  )
}

/** One item specific: the catalog's list as a select, else text; kept on the phone as the seller types. */
function AspectInput({ draft, aspect }: { draft: Draft; aspect: AspectSuggestion }) {
  const drafts = useDraftStore()
  const stored = draft.aspects?.[aspect.name] ?? ''
  const [value, setValue] = useState(stored)
  const [shownStored, setShownStored] = useState(stored)
  // A later analysis may fill it (what the seller typed is never overwritten: editedAspects): show the new value.
  if (stored !== shownStored) {
    setShownStored(stored)
    setValue(stored)
  }
  const guessed = draft.guesses?.includes(aspectGuessKey(aspect.name)) ?? false
  const aiFilled = !guessed && stored !== '' && !draft.editedAspects?.includes(aspect.name)
  const props = {
    label: `${aspect.name}${aspect.required ? ' (required)' : ''}`,
    value,
    badge: guessed ? (
      <GuessBadge />
    ) : aiFilled ? (
      <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800">AI</span>
    ) : undefined,
    onChange: (event: { target: { value: string } }) => {
      setValue(event.target.value)
      void drafts.editAspect(draft.id, aspect.name, event.target.value)
    },
  }
  return (
    <div className="flex flex-col gap-1">
      {aspect.allowedValues.length > 0 ? (
        <SelectField {...props} options={aspect.allowedValues.map((option) => ({ value: option, label: option }))} />
      ) : (
        <TextField {...props} maxLength={50} />
      )}
      {guessed && <ConfirmGuess draftId={draft.id} guessKey={aspectGuessKey(aspect.name)} label={aspect.name} />}
    </div>
  )
}

/**
 * The catalog's item specifics for the category the analysis found, except those the form's own fields answer (Brand, Size…:
 * the field is the one place for them, docs/decisions/0022); what is left empty the marketplace's Post dialog asks for.
 */
export function ItemSpecifics({ draft }: { draft: Draft }) {
  const specifics = catalogSpecificsOf(draft.analysis)
  // Only for the category they are of: a book the catalog filed under Books shows no jeans' Inseam from a photo.
  if (!specifics || draft.catalogCategory?.id !== specifics.category.id) return null
  // An aspect a field or a measurement answers is decided there, as the marketplace gets it.
  const shown = specifics.aspects.filter(
    (aspect) => !isFieldAspect(aspect.name) && !measurementAspect(aspect.name, draft.fields),
  )
  return (
    <div className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
      {shown.map((aspect) => (
        <AspectInput key={aspect.name} draft={draft} aspect={aspect} />
      ))}
    </div>
  )
}

const photoNote = (flaw: Flaw) => (flaw.photo ? ` (photo ${flaw.photo})` : '')

/** The flaws the photos show, and those the AI only suspects (kept out of the description). */
export function Flaws({ flaws }: { flaws: Flaw[] | undefined }) {
  if (!flaws?.length) return null
  const seen = flaws.filter((flaw) => flaw.seen)
  const suspected = flaws.filter((flaw) => !flaw.seen)
  return (
    <div className="flex flex-col gap-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
      {seen.length > 0 && (
        <p>Flaws in the photos: {seen.map((flaw) => `${flaw.text}${photoNote(flaw)}`).join('; ')}.</p>
      )}
      {suspected.length > 0 && (
        <p className="flex flex-wrap items-center gap-2">
          <GuessBadge /> Possible flaws, not in the description: {suspected.map((flaw) => flaw.text).join('; ')}.
        </p>
      )}
    </div>
  )
}
