// The listing form over a draft on this phone: what the seller types is shown at once and saved locally after a pause
// in typing (useFieldEdits), AI suggestions flow in as the sync engine brings them (useStoreIntoForm), and Create
// Listing hands the draft to the outbox (useSendDraft). The same form edits a listing that exists (the draft's
// editOf): Save Changes sends the edit through the same outbox, and an edit that met another one made elsewhere shows
// both for the seller to choose (docs/product.md §11). Its inputs are in draft-form-fields.tsx.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { LISTING_FIELDS, SELLER_ONLY_FIELDS } from '../../../api/contract/listing-fields.ts'
import { ListingInputSchema, type ListingInput } from '../../../api/contract/listing.ts'
import { Button } from '../../components/ui/Button.tsx'
import { useOnline } from '../../hooks/useOnline.ts'
import { backToDashboard } from '../../lib/dashboard-view.ts'
import { notify } from '../../lib/notify.tsx'
import { MARKETPLACE_WINGS } from '../../marketplaces/registry.ts'
import { EMPTY_FIELDS, isAnalysis, type DraftField, type DraftFields } from '../../offline/db.ts'
import { cachedListings } from '../../queries/listing-cache.ts'
import { listingKeys } from '../../queries/listing-queries.ts'
import { ConfirmGuess, Flaws, MarketPanel } from './AiFindings.tsx'
import { AiStatus } from './AiStatus.tsx'
import { ConflictChoice } from './ConflictChoice.tsx'
import { BarcodePanel } from './BarcodePanel.tsx'
import { BookPanel } from './BookPanel.tsx'
import { CatalogPanel } from './CatalogPanel.tsx'
import { fieldBadge, PLACES, SectionFields, type InputProps } from './draft-form-fields.tsx'
import { photoTiles } from './photo-tiles.ts'
import { PhotoStrip } from './PhotoStrip.tsx'
import { useAddPhotos } from './useAddPhotos.ts'
import { useDraftStore, type DraftView } from './useDrafts.ts'
import { MeasurementsPanel } from './MeasurementsPanel.tsx'
import { ShippingPanel } from './ShippingPanel.tsx'
import { useFieldEdits } from './useFieldEdits.ts'
import { usePhotoPreviews } from './usePhotoPreviews.ts'
import { useSendDraft } from './useSendDraft.ts'
import { useStoreIntoForm } from './useStoreIntoForm.ts'

/** What the form says where creating and editing differ. */
const WORDS = {
  create: {
    heading: 'Create New Listing',
    submit: 'Create Listing',
    pending: 'Creating...',
    done: 'Listing created successfully',
  },
  edit: { heading: 'Edit Listing', submit: 'Save Changes', pending: 'Saving...', done: 'Changes saved' },
} as const

// The form holds text exactly as typed (DraftFields); the contract schema coerces it into a ListingInput.
const resolver = valibotResolver(ListingInputSchema) as unknown as Resolver<DraftFields, unknown, ListingInput>

/** Whether the seller has written any of the books' fields on this item (then they are shown open). */
const hasBooks = (fields: Partial<DraftFields> | undefined) =>
  SELLER_ONLY_FIELDS.some((field) => field !== 'sku' && (fields?.[field] ?? '') !== '')

/** The form as one step of a haul's review queue (docs/product.md §17): Create hands the item over and moves on. */
export interface ReviewStep {
  heading: string
  onSubmitted: () => void
  onSkip: () => void
}

type FormProps = { draftId: string; view: DraftView | null; review?: ReviewStep }
export function ListingForm({ draftId, view, review }: FormProps) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const online = useOnline()
  const drafts = useDraftStore()
  const fieldEdits = useFieldEdits(draftId)
  const form = useForm<DraftFields, unknown, ListingInput>({
    resolver,
    defaultValues: { ...EMPTY_FIELDS, ...view?.draft.fields },
  })
  const { register, handleSubmit, setValue, formState, control } = form
  const { errors } = formState
  const draft = view?.draft
  const photos = view?.photos ?? []
  const previews = usePhotoPreviews(photos)
  const { preparing, addFiles } = useAddPhotos(draftId, photos.length)
  useStoreIntoForm(draft, form, fieldEdits)
  // The first try of an analysis; once the AI is busy the photos are stored and AiStatus says so instead.
  const analysing =
    online &&
    (view?.entries.some((entry) => isAnalysis(entry) && entry.status === 'pending' && !entry.photoStored) ?? false)
  const measured = draft?.analysis?.source === 'measured'
  const words = WORDS[draft?.editOf ? 'edit' : 'create']
  // What a marketplace says of editing this listing there (one made on its own site reaches it only in part).
  const edited = draft?.editOf && cachedListings(queryClient).find((listing) => listing.id === draft.editOf?.listingId)
  const editNotes = edited ? MARKETPLACE_WINGS.flatMap((wing) => wing.editNote?.(edited) ?? []) : []
  const { waitingForServer, sent } = useSendDraft({ draft, done: words.done, onReviewed: review?.onSubmitted })

  // The Price follows the median used price (the AI's, or typed) until the seller types a Price of their own.
  const [ownPrice, setOwnPrice] = useState(() => {
    const fields = { ...EMPTY_FIELDS, ...view?.draft.fields }
    return fields.askingPrice !== '' && fields.askingPrice !== fields.medianUsedPrice
  })
  const priceFollowsMedian = (median: string): Partial<DraftFields> => {
    if (ownPrice) return {}
    setValue('askingPrice', median)
    return { askingPrice: median }
  }

  // Other fields that change with one the seller types into (saved in the same edit).
  const alsoChange: Partial<Record<DraftField, (value: string) => Partial<DraftFields>>> = {
    askingPrice: (price) => {
      setOwnPrice(price.trim() !== '')
      return {}
    },
    medianUsedPrice: priceFollowsMedian,
  }

  const inputProps = (field: DraftField): InputProps => ({
    ...register(field, {
      onChange: (event: { target: { value: string } }) =>
        fieldEdits.edit({ ...alsoChange[field]?.(event.target.value), [field]: event.target.value }),
    }),
    label: LISTING_FIELDS[field].label,
    error: errors[field]?.message,
    badge: fieldBadge(draft, field, measured, review !== undefined),
    ...(PLACES[field].hint ? { hint: PLACES[field].hint } : {}),
  })

  /** A field the AI filled with a guess: the seller can say it is right without retyping it. */
  const guessCheck = (field: DraftField) =>
    draft?.guesses?.includes(field) ? (
      <ConfirmGuess draftId={draftId} guessKey={field} label={LISTING_FIELDS[field].label} />
    ) : null

  // What the analysis found beside a field (docs/product.md §12): under it, or after it across both columns.
  const under: Partial<Record<DraftField, ReactNode>> = {
    description: <Flaws flaws={draft?.analysis?.flaws} />,
    brand: guessCheck('brand'),
    size: guessCheck('size'),
  }
  const after: Partial<Record<DraftField, ReactNode>> = {
    askingPrice: (
      <MarketPanel
        // The same product's market, once the catalog named it for the barcode, over one searched by the AI's title.
        market={(draft?.barcode?.picked && draft.barcode.market) || draft?.analysis?.market}
        priceSource={draft?.analysis?.priceSource}
        gaps={draft?.analysis?.gaps ?? []}
      />
    ),
  }
  const sectionProps = { control, inputProps, under, after }

  // The draft is sent as the form shows it: the edits still waiting for a pause in typing are written first.
  const submit = handleSubmit(async () => {
    await fieldEdits.flush()
    await drafts.editFields(draftId, {})
    await drafts.submit(draftId)
    await sent()
  })

  async function keepMine() {
    await fieldEdits.flush()
    await drafts.keepMine(draftId)
    await sent()
  }

  /** Drops the edit on this phone: the listing stays as the server has it (typing still waiting goes with it). */
  async function discardEdit(message: string) {
    fieldEdits.drop()
    await drafts.discard(draftId)
    void queryClient.invalidateQueries({ queryKey: listingKeys.all })
    notify(message, undefined, 'info')
    await navigate(backToDashboard())
  }

  const busy = preparing > 0 || waitingForServer
  return (
    <form onSubmit={submit} noValidate className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">{review?.heading ?? words.heading}</h1>
        {!online && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">
            Offline: saved on this phone
          </span>
        )}
        {/* Many items in a row: the haul is the faster way (docs/product.md §17). */}
        {photos.length === 0 && !review && !draft?.editOf && (
          <Link to="/haul" className="text-sm font-medium text-indigo-700 underline">
            Capture a haul
          </Link>
        )}
      </div>
      {editNotes.map((note) => (
        <p key={note} className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="note">
          {note}
        </p>
      ))}
      {draft?.suggestionsReady && !measured && (
        <p className="rounded-lg bg-violet-50 p-3 text-sm text-violet-900">
          AI suggestions ready: check the fields marked AI, then tap Create Listing.
        </p>
      )}
      {draft?.conflict && (
        <ConflictChoice
          fields={draft.fields}
          photoUrls={photos.flatMap((photo) => (photo.serverUrl ? [photo.serverUrl] : []))}
          current={draft.conflict}
          onKeepMine={() => void keepMine()}
          onUseTheirs={() => void discardEdit('Kept the version on Snaplist')}
        />
      )}
      {draft?.state === 'failed' && !draft.conflict && (
        <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">
          {draft.error} Fix it below and tap {words.submit} again.
        </p>
      )}
      <section aria-label="Photos" className="flex flex-col gap-2">
        <PhotoStrip
          photos={view ? photoTiles(view, previews, online) : []}
          preparing={preparing}
          analysing={analysing}
          onAdd={(files) => void addFiles(files)}
          onRemove={(photoId) => void drafts.removePhoto(draftId, photoId)}
          onMove={(photoId, to) => void drafts.movePhoto(draftId, photoId, to)}
        />
        {view && <AiStatus view={view} />}
      </section>

      <BarcodePanel draftId={draftId} view={view} online={online} control={control} inputProps={inputProps} />

      <section
        aria-label="Listing details"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2"
      >
        <SectionFields section="details" {...sectionProps} />
      </section>

      <CatalogPanel draft={draft} {...sectionProps} />

      <BookPanel {...sectionProps} />

      <MeasurementsPanel catalogCategoryName={draft?.catalogCategory?.name} {...sectionProps} />

      <ShippingPanel
        onParcel={(parcel) => {
          for (const [name, value] of Object.entries(parcel)) setValue(name as keyof typeof parcel, value)
          fieldEdits.edit(parcel)
        }}
        {...sectionProps}
      />

      {/* The seller's books: folded away, so the form is no longer for sellers who keep none (docs/decisions/0039). */}
      <details className="group rounded-2xl border border-slate-200 bg-white" open={hasBooks(view?.draft.fields)}>
        <summary className="cursor-pointer p-5 text-base font-semibold text-slate-900">
          Cost &amp; location
          <span className="ml-2 text-sm font-normal text-slate-600">Only you see these</span>
        </summary>
        <div className="grid gap-4 px-5 pb-5 sm:grid-cols-2">
          <SectionFields section="books" {...sectionProps} />
        </div>
      </details>

      {/* On a phone the form is several screens long: the actions stay in reach at the bottom. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex gap-2 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:justify-end sm:border-0 sm:bg-transparent sm:p-0 [&>*]:flex-1 sm:[&>*]:flex-none">
        {review && (
          <Button variant="secondary" onClick={review.onSkip}>
            Skip
          </Button>
        )}
        {view && draft?.editOf && (
          <Button variant="secondary" onClick={() => void discardEdit('Changes discarded')}>
            Discard changes
          </Button>
        )}
        {view && !draft?.editOf && !review && (
          <Button
            variant="secondary"
            onClick={() =>
              void navigate(backToDashboard()).then(() =>
                notify('Saved on this phone', 'Finish it any time from your Dashboard.', 'info'),
              )
            }
          >
            Save for later
          </Button>
        )}
        <Button type="submit" disabled={busy || Boolean(draft?.conflict)}>
          {waitingForServer ? words.pending : preparing > 0 ? 'Preparing photos...' : words.submit}
        </Button>
      </div>
    </form>
  )
}
