// The listing form over a draft on this phone: every keystroke is saved locally at once, AI suggestions flow in as
// the sync engine brings them, and Create Listing hands the draft to the outbox.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useForm, useWatch, type Resolver } from 'react-hook-form'
import { ListingInputSchema, MAX_IMAGES, MAX_IMAGES_MESSAGE, TITLE_MAX, type ListingInput } from '../../../api/contract/listing.ts'
import { CATEGORIES, COLORS, DEPARTMENTS, ITEM_TYPES, SIZE_TYPES } from '../../../api/contract/options.ts'
import { Button } from '../../components/ui/Button.tsx'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextAreaField } from '../../components/ui/TextAreaField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import { useDraftStore, type DraftView } from '../../hooks/useDrafts.ts'
import { useOnline } from '../../hooks/useOnline.ts'
import { usePhotoPreviews } from '../../hooks/usePhotoPreviews.ts'
import { errorMessage } from '../../lib/api.ts'
import { showFieldErrors } from '../../lib/form-errors.ts'
import { shrinkPhoto } from '../../lib/image-bridge.ts'
import { notify } from '../../lib/notify.tsx'
import { keepDraftsSafe, syncScheduler } from '../../lib/sync.ts'
import { uuid } from '../../lib/uuid.ts'
import { EMPTY_FIELDS, type DraftField, type DraftFields } from '../../offline/db.ts'
import { listingKeys } from '../../queries/listings.ts'
import { AiStatus } from './AiStatus.tsx'
import { PhotoStrip } from './PhotoStrip.tsx'
import { photoTiles } from './photo-tiles.ts'

// How long Create Listing waits for the server while online before handing over to background sync.
const CONFIRM_TIMEOUT_MS = 20_000
const SAVED_OFFLINE = 'Saved on this phone — it will sync when you are back online'

// The form holds text exactly as typed (DraftFields); the contract schema coerces it into a ListingInput.
const resolver = valibotResolver(ListingInputSchema) as unknown as Resolver<DraftFields, unknown, ListingInput>

/** What filled a field: the AI, or (without one) a measurement of the photo, which is never called AI. */
function FilledBadge({ measured }: { measured: boolean }) {
  return (
    <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800" title={measured ? 'Measured from the photo: check it' : 'Filled in by AI: check it'}>
      {measured ? 'Measured' : 'AI'}
    </span>
  )
}

export function DraftForm({ draftId, view }: { draftId: string; view: DraftView | null }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const online = useOnline()
  const drafts = useDraftStore()
  const [preparing, setPreparing] = useState(0)
  const [submitted, setSubmitted] = useState(false)
  const { register, handleSubmit, setValue, getValues, setError, formState, control } = useForm<DraftFields, unknown, ListingInput>({
    resolver,
    defaultValues: { ...EMPTY_FIELDS, ...view?.draft.fields },
  })
  const { errors } = formState
  const draft = view?.draft
  const photos = view?.photos ?? []
  const previews = usePhotoPreviews(photos)
  // The first try of an analysis; once the AI is busy the photo is stored and AiStatus says so instead.
  const analysing = online && (view?.entries.some((entry) => entry.kind === 'analyze-photo' && entry.status === 'pending' && !entry.photoStored) ?? false)
  const titleLength = useWatch({ control, name: 'title' }).length
  const measured = draft?.analysis?.source === 'measured'

  // Suggestions the sync engine wrote into the draft appear in the form (only in fields the seller left alone).
  useEffect(() => {
    if (!draft) return
    for (const field of draft.aiFilled) {
      if (getValues(field) !== draft.fields[field]) setValue(field, draft.fields[field], { shouldValidate: formState.isSubmitted })
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
      notify('Listing created successfully', undefined, 'success')
      void navigate({ to: '/' })
    } else if (state === 'failed') {
      notify('Error', failure, 'error')
    }
  }, [submitted, state, failure, navigate, queryClient])

  // A refused draft shows the server's sentence under each field it named, as well as above the form.
  const failedFields = state === 'failed' ? draft?.errorFields : undefined
  useEffect(() => {
    if (failedFields) showFieldErrors(setError, getValues(), failedFields)
  }, [failedFields, setError, getValues])

  useEffect(() => {
    if (!waitingForServer) return
    const timer = setTimeout(() => {
      notify('Saved on this phone', 'It will appear on your Dashboard as soon as it has synced.', 'info')
      void navigate({ to: '/' })
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
      keepDraftsSafe()
      syncScheduler.kick()
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

  /** `alsoChange` returns other fields that change with this one (saved in the same edit). */
  const fieldProps = (field: DraftField, alsoChange?: (value: string) => Partial<DraftFields>) => ({
    ...register(field, {
      onChange: (event: { target: { value: string } }) => void drafts.editFields(draftId, { ...alsoChange?.(event.target.value), [field]: event.target.value }),
    }),
    error: errors[field]?.message,
    badge: draft?.aiFilled.includes(field) ? <FilledBadge measured={measured} /> : undefined,
  })

  const submit = handleSubmit(async () => {
    await drafts.editFields(draftId, {})
    await drafts.submit(draftId)
    keepDraftsSafe()
    syncScheduler.kick()
    if (navigator.onLine) return setSubmitted(true)
    notify(SAVED_OFFLINE, undefined, 'info')
    await navigate({ to: '/' })
  })

  const busy = preparing > 0 || waitingForServer
  return (
    <form onSubmit={submit} noValidate className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Create New Listing</h1>
        {!online && <span className="rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900">Offline: saved on this phone</span>}
      </div>
      {draft?.suggestionsReady && !measured && (
        <p className="rounded-lg bg-violet-50 p-3 text-sm text-violet-900">AI suggestions ready: check the fields marked AI, then tap Create Listing.</p>
      )}
      {draft?.state === 'failed' && <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800" role="alert">{draft.error} Fix it below and tap Create Listing again.</p>}
      <section aria-label="Photos" className="flex flex-col gap-2">
        <PhotoStrip
          photos={view ? photoTiles(view, previews, online) : []}
          preparing={preparing}
          analysing={analysing}
          onAdd={(files) => void addFiles(files)}
          onRemove={(photoId) => void drafts.removePhoto(draftId, photoId)}
        />
        {view && <AiStatus view={view} />}
      </section>

      <section aria-label="Listing details" className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label="Title" maxLength={TITLE_MAX} hint={`${titleLength}/${TITLE_MAX}`} {...fieldProps('title')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Description" rows={5} {...fieldProps('description')} />
        </div>
        <div className="sm:col-span-2">
          <TextField
            label="Price"
            hint="What buyers pay on eBay, in dollars and cents (e.g. 24.99). Blank: the median used price. Retail Price and Median Used Price below are references."
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            {...fieldProps('askingPrice', (price) => {
              setOwnPrice(price.trim() !== '')
              return {}
            })}
          />
        </div>
        <TextField label="Retail Price" type="number" inputMode="numeric" min={0} step={1} {...fieldProps('price')} />
        <TextField label="Median Used Price" type="number" inputMode="numeric" min={0} step={1} {...fieldProps('medianUsedPrice', priceFollowsMedian)} />
        <TextField label="Quantity" type="number" inputMode="numeric" min={1} step={1} {...fieldProps('quantity')} />
        <SelectField label="Category" options={CATEGORIES} {...fieldProps('category')} />
        <div className="sm:col-span-2">
          <TextField label="Keywords" hint="Separate keywords with commas" {...fieldProps('keywords')} />
        </div>
        <SelectField label="Primary Color" options={COLORS} {...fieldProps('color')} />
      </section>

      <fieldset className="grid gap-4 rounded-2xl border-2 border-dashed border-slate-300 bg-white p-5 sm:grid-cols-2">
        <legend className="px-2 text-base font-semibold text-slate-900">eBay Listing Details</legend>
        <p className="text-sm text-slate-600 sm:col-span-2">Required for eBay: buyers filter by these, and eBay asks for them in most categories.</p>
        <TextField label="Brand" {...fieldProps('brand')} />
        <TextField label="Size" {...fieldProps('size')} />
        <SelectField label="Type" options={ITEM_TYPES} {...fieldProps('type')} />
        <SelectField label="Size Type" options={SIZE_TYPES} {...fieldProps('sizeType')} />
        <SelectField label="Department" options={DEPARTMENTS} {...fieldProps('department')} />
      </fieldset>

      {/* On a phone the form is several screens long: the actions stay in reach at the bottom. */}
      <div className="sticky bottom-0 z-10 -mx-4 flex gap-2 border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur sm:static sm:mx-0 sm:justify-end sm:border-0 sm:bg-transparent sm:p-0 [&>*]:flex-1 sm:[&>*]:flex-none">
        {view && (
          <Button variant="secondary" onClick={() => void navigate({ to: '/' }).then(() => notify('Saved on this phone', 'Finish it any time from your Dashboard.', 'info'))}>
            Save for later
          </Button>
        )}
        <Button type="submit" disabled={busy}>
          {waitingForServer ? 'Creating...' : preparing > 0 ? 'Preparing photos...' : 'Create Listing'}
        </Button>
      </div>
    </form>
  )
}
