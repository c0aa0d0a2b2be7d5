// The listing form over a draft on this phone: every keystroke is saved locally at once, AI suggestions flow in as
// the sync engine brings them, and Create Listing hands the draft to the outbox. The same form edits a listing that
// exists (the draft's editOf): Save Changes sends the edit through the same outbox, and an edit that met another one
// made elsewhere shows both for the seller to choose (docs/product.md §11).
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { Fragment, useEffect, useState, type ReactNode } from 'react'
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form'
import { LISTING_FIELD_ENTRIES, LISTING_FIELDS } from '../../../api/contract/listing-fields.ts'
import { ListingInputSchema, type ListingInput } from '../../../api/contract/listing.ts'
import { MAX_IMAGES, MAX_IMAGES_MESSAGE } from '../../../api/contract/photos.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextAreaField } from '../../components/ui/TextAreaField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { useDraftStore, type DraftView } from './useDrafts.ts'
import { useOnline } from '../../hooks/useOnline.ts'
import { usePhotoPreviews } from './usePhotoPreviews.ts'
import { errorMessage } from '../../lib/api.ts'
import { showFieldErrors } from '../../lib/form-errors.ts'
import { shrinkPhoto } from './image-bridge.ts'
import { notify } from '../../lib/notify.tsx'
import { uuid } from '../../lib/uuid.ts'
import { EMPTY_FIELDS, isAnalysis, type DraftField, type DraftFields } from '../../offline/db.ts'
import { listingKeys } from '../../queries/listing-queries.ts'
import { backToDashboard } from '../../lib/dashboard-view.ts'
import { ConfirmGuess, Flaws, GuessBadge, ItemSpecifics, MarketPanel } from './AiFindings.tsx'
import { AiStatus } from './AiStatus.tsx'
import { EbayCategoryField } from './EbayCategoryField.tsx'
import { ConflictChoice } from './ConflictChoice.tsx'
import { PhotoStrip } from './PhotoStrip.tsx'
import { photoTiles } from './photo-tiles.ts'

// How long Create Listing waits for the server while online before handing over to background sync.
const CONFIRM_TIMEOUT_MS = 20_000
const SAVED_OFFLINE = 'Saved on this phone — it will sync when you are back online'

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

type Section = 'details' | 'ebay'

/** Where the form shows each field listing-fields.ts declares, in its order: the section, and how the input looks. */
interface Placement {
  section: Section
  /** Across both columns. */
  wide?: true
  hint?: string
  /** Text: a text area this many rows high. */
  rows?: number
  /** Text: counts the characters against the limit, and stops there. */
  counted?: true
}
const PLACES = {
  title: { section: 'details', wide: true, counted: true },
  description: { section: 'details', wide: true, rows: 5 },
  askingPrice: {
    section: 'details',
    wide: true,
    hint: 'What buyers pay on eBay, in dollars and cents (e.g. 24.99). Blank: the median used price. Retail Price and Median Used Price below are references.',
  },
  price: { section: 'details' },
  medianUsedPrice: { section: 'details' },
  quantity: { section: 'details' },
  category: { section: 'details' },
  keywords: { section: 'details', wide: true, hint: 'Separate keywords with commas' },
  color: { section: 'details' },
  brand: { section: 'ebay' },
  size: { section: 'ebay' },
  type: { section: 'ebay' },
  sizeType: { section: 'ebay' },
  department: { section: 'ebay' },
} satisfies Record<DraftField, Placement> as Record<DraftField, Placement>

type InputProps = ReturnType<ReturnType<typeof useForm<DraftFields>>['register']> & {
  label: string
  error: string | undefined
  badge: ReactNode
  hint?: string
}

/** A text input that shows how many characters of its limit are used. */
function CountedTextField({
  control,
  limit,
  ...props
}: InputProps & { control: Control<DraftFields, unknown, ListingInput>; limit: number }) {
  const length = useWatch({ control, name: props.name }).length
  return <TextField maxLength={limit} {...props} hint={`${length}/${limit}`} />
}

/**
 * What filled a field: the AI, or (without one) a measurement of the photo, which is never called AI. Reviewing a haul
 * it says to check the field, in amber, so the fields to check stand out.
 */
function FilledBadge({ measured, check }: { measured: boolean; check: boolean }) {
  const source = measured ? 'Measured' : 'AI'
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${check ? 'bg-amber-200 text-amber-950' : 'bg-violet-100 text-violet-800'}`}
      title={measured ? 'Measured from the photo: check it' : 'Filled in by AI: check it'}
    >
      {check ? `${source}: check` : source}
    </span>
  )
}

/** The form as one step of a haul's review queue (docs/product.md §17): Create hands the item over and moves on. */
export interface ReviewStep {
  heading: string
  onSubmitted: () => void
  onSkip: () => void
}

export function DraftForm({ draftId, view, review }: { draftId: string; view: DraftView | null; review?: ReviewStep }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const online = useOnline()
  const drafts = useDraftStore()
  const [preparing, setPreparing] = useState(0)
  const [submitted, setSubmitted] = useState(false)
  const { register, handleSubmit, setValue, getValues, setError, formState, control } = useForm<
    DraftFields,
    unknown,
    ListingInput
  >({
    resolver,
    defaultValues: { ...EMPTY_FIELDS, ...view?.draft.fields },
  })
  const { errors } = formState
  const draft = view?.draft
  const photos = view?.photos ?? []
  const previews = usePhotoPreviews(photos)
  // The first try of an analysis; once the AI is busy the photos are stored and AiStatus says so instead.
  const analysing =
    online &&
    (view?.entries.some((entry) => isAnalysis(entry) && entry.status === 'pending' && !entry.photoStored) ?? false)
  const measured = draft?.analysis?.source === 'measured'
  const words = WORDS[draft?.editOf ? 'edit' : 'create']

  // Suggestions the sync engine wrote into the draft appear in the form (only in fields the seller left alone).
  useEffect(() => {
    if (!draft) return
    for (const field of draft.aiFilled) {
      if (getValues(field) !== draft.fields[field])
        setValue(field, draft.fields[field], { shouldValidate: formState.isSubmitted })
    }
  }, [draft, getValues, setValue, formState.isSubmitted])

  // After Create Listing while online: wait for the server's answer, then go to the Dashboard.
  const state = draft?.state
  const failure = draft?.error
  const waitingForServer = submitted && state === 'queued'
  useEffect(() => {
    if (!submitted) return
    if (state === 'done') {
      void queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(words.done, undefined, 'success')
      void navigate(backToDashboard())
    } else if (state === 'failed' && !draft?.conflict) {
      notify('Error', failure, 'error')
    }
  }, [submitted, state, failure, navigate, queryClient, words, draft?.conflict])

  // A refused draft shows the server's sentence under each field it named, as well as above the form.
  const failedFields = state === 'failed' ? draft?.errorFields : undefined
  useEffect(() => {
    if (failedFields) showFieldErrors(setError, getValues(), failedFields)
  }, [failedFields, setError, getValues])

  useEffect(() => {
    if (!waitingForServer) return
    const timer = setTimeout(() => {
      notify('Saved on this phone', 'It will appear on your Dashboard as soon as it has synced.', 'info')
      void navigate(backToDashboard())
    }, CONFIRM_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [waitingForServer, navigate])

  async function addFiles(files: File[]) {
    if (files.length === 0) return
    if (photos.length + preparing + files.length > MAX_IMAGES) return notify('Error', MAX_IMAGES_MESSAGE, 'error')
    setPreparing((count) => count + files.length)
    try {
      const shrunk = []
      // One at a time: the worker is single-threaded, and the first photo is ready (and analysed) soonest.
      for (const file of files) shrunk.push({ id: uuid(), ...(await shrinkPhoto(file)) })
      await drafts.addPhotos(draftId, shrunk)
    } catch (error) {
      notify('Error', errorMessage(error), 'error')
    } finally {
      setPreparing((count) => count - files.length)
    }
  }

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
        void drafts.editFields(draftId, { ...alsoChange[field]?.(event.target.value), [field]: event.target.value }),
    }),
    label: LISTING_FIELDS[field].label,
    error: errors[field]?.message,
    badge: draft?.guesses?.includes(field) ? (
      <GuessBadge />
    ) : draft?.aiFilled.includes(field) ? (
      <FilledBadge measured={measured} check={review !== undefined} />
    ) : undefined,
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
        market={draft?.analysis?.market}
        priceSource={draft?.analysis?.priceSource}
        gaps={draft?.analysis?.gaps ?? []}
      />
    ),
  }

  /** The fields of one section, each with the input its kind takes. */
  const fieldsOf = (section: Section) =>
    LISTING_FIELD_ENTRIES.filter(([field]) => PLACES[field].section === section).map(([field, spec]) => {
      const { wide, rows, counted } = PLACES[field]
      const props = inputProps(field)
      const input =
        spec.kind === 'choice' ? (
          <SelectField options={spec.options} {...props} />
        ) : spec.kind === 'whole' ? (
          <TextField type="number" inputMode="numeric" min={spec.min} step={1} {...props} />
        ) : spec.kind === 'money' ? (
          <TextField type="number" inputMode="decimal" min={0.01} step={0.01} {...props} />
        ) : spec.kind === 'text' && rows ? (
          <TextAreaField rows={rows} {...props} />
        ) : spec.kind === 'text' && counted ? (
          <CountedTextField control={control} limit={spec.max} {...props} />
        ) : (
          <TextField {...props} />
        )
      const withNote = under[field] ? (
        <div className="flex flex-col gap-2">
          {input}
          {under[field]}
        </div>
      ) : (
        input
      )
      return (
        <Fragment key={field}>
          {wide ? <div className="sm:col-span-2">{withNote}</div> : withNote}
          {after[field]}
        </Fragment>
      )
    })

  /** The draft (or Keep mine's edit) is in the outbox: wait for the server while online, else go back at once. */
  async function sent() {
    // In a review the listing is created in the background, online or not, while the seller checks the next item.
    if (review) return review.onSubmitted()
    if (navigator.onLine) return setSubmitted(true)
    notify(SAVED_OFFLINE, undefined, 'info')
    await navigate(backToDashboard())
  }

  const submit = handleSubmit(async () => {
    await drafts.editFields(draftId, {})
    await drafts.submit(draftId)
    await sent()
  })

  async function keepMine() {
    await drafts.keepMine(draftId)
    await sent()
  }

  /** Drops the edit on this phone: the listing stays as the server has it. */
  async function discardEdit(message: string) {
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

      <section
        aria-label="Listing details"
        className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2"
      >
        {fieldsOf('details')}
      </section>

      <fieldset className="grid gap-4 rounded-2xl border-2 border-dashed border-slate-300 bg-white p-5 sm:grid-cols-2">
        <legend className="px-2 text-base font-semibold text-slate-900">eBay Listing Details</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">
          Required for eBay: buyers filter by these, and eBay asks for them in most categories.
        </p>
        {fieldsOf('ebay')}
        {draft && <EbayCategoryField draft={draft} />}
        {draft && <ItemSpecifics draft={draft} />}
      </fieldset>

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
