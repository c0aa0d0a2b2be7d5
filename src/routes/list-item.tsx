// Create New Listing (SPEC §2): photos first, the AI fills the fields, the seller corrects them and creates it.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { AnalysisResult } from '../../api/contract/analysis.ts'
import { ListingInputSchema, TITLE_MAX, type ListingFormValues, type ListingInput } from '../../api/contract/listing.ts'
import { CATEGORIES, COLORS, DEPARTMENTS, ITEM_TYPES, SIZE_TYPES } from '../../api/contract/options.ts'
import { Button } from '../components/ui/Button.tsx'
import { SelectField } from '../components/ui/SelectField.tsx'
import { TextAreaField } from '../components/ui/TextAreaField.tsx'
import { TextField } from '../components/ui/TextField.tsx'
import { errorMessage } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'
import { uuid } from '../lib/uuid.ts'
import { useCreateListing } from '../queries/listings.ts'
import { PhotoStrip } from './list-item/PhotoStrip.tsx'
import { usePhotos } from './list-item/usePhotos.ts'

type FieldName = Exclude<keyof ListingFormValues, 'clientId' | 'images' | 'aiSuggestions'>

const DEFAULTS: ListingFormValues = {
  title: '', description: '', price: 0, medianUsedPrice: 0, quantity: 1, category: '', keywords: '', color: '',
  brand: '', size: '', type: '', sizeType: '', department: '',
} as unknown as ListingFormValues

/** Which form field each part of the analysis fills. Empty suggestions fill nothing. */
function suggestedValues(result: AnalysisResult): Partial<Record<FieldName, string | number>> {
  const values: Partial<Record<FieldName, string | number>> = {
    title: result.title, description: result.description, price: result.suggestedPrice, medianUsedPrice: result.medianUsedPrice,
    category: result.category, keywords: result.keywords.join(', '), color: result.primaryColor, brand: result.brand,
    size: result.size, type: result.type, sizeType: result.sizeType, department: result.department,
  }
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== '' && value !== 0))
}

function AiBadge() {
  return (
    <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800" title="Filled in by AI: check it">
      AI
    </span>
  )
}

export function ListItemScreen() {
  const navigate = useNavigate()
  const createListing = useCreateListing()
  const clientId = useMemo(() => uuid(), [])
  const [aiFilled, setAiFilled] = useState<Set<FieldName>>(new Set())
  const [edited] = useState(() => new Set<FieldName>())
  const [analysis, setAnalysis] = useState<AnalysisResult | null>(null)
  const { register, handleSubmit, setValue, formState } = useForm<ListingFormValues, unknown, ListingInput>({
    resolver: valibotResolver(ListingInputSchema),
    defaultValues: DEFAULTS,
  })
  const { errors } = formState

  const applyAnalysis = useCallback(
    (result: AnalysisResult) => {
      setAnalysis(result)
      const filled = Object.entries(suggestedValues(result)).filter(([field]) => !edited.has(field as FieldName))
      for (const [field, value] of filled) setValue(field as FieldName, value as never, { shouldValidate: formState.isSubmitted })
      setAiFilled((current) => new Set([...current, ...filled.map(([field]) => field as FieldName)]))
    },
    [edited, setValue, formState.isSubmitted],
  )

  const photos = usePhotos(applyAnalysis)
  const badge = (field: FieldName) => (aiFilled.has(field) ? <AiBadge /> : undefined)
  // A field the seller typed into is theirs: later analyses leave it alone, and it loses its AI badge.
  const markEdited = (field: FieldName) => {
    edited.add(field)
    setAiFilled((current) => (current.has(field) ? new Set([...current].filter((name) => name !== field)) : current))
  }
  const fieldProps = (field: FieldName) => ({
    ...register(field, { onChange: () => markEdited(field) }),
    error: errors[field]?.message,
    badge: badge(field),
  })

  const submit = handleSubmit((values) =>
    createListing.mutate(
      { ...values, clientId, images: photos.readyUrls, aiSuggestions: analysis ? { ...analysis } : null },
      {
        onSuccess: async () => {
          notify('Listing created successfully', undefined, 'success')
          await navigate({ to: '/' })
        },
        onError: (error) => notify('Error', `${errorMessage(error)}`, 'error'),
      },
    ),
  )

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold text-slate-900">Create New Listing</h1>
      <section aria-label="Photos" className="flex flex-col gap-2">
        <PhotoStrip photos={photos.photos} analysing={photos.analysing} onAdd={(files) => void photos.add(files)} onRemove={photos.remove} />
        {analysis?.notice && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{analysis.notice}</p>}
      </section>

      <section aria-label="Listing details" className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <TextField label="Title" maxLength={TITLE_MAX} {...fieldProps('title')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField label="Description" rows={5} {...fieldProps('description')} />
        </div>
        <TextField label="Retail Price" type="number" inputMode="numeric" min={0} step={1} {...fieldProps('price')} />
        <TextField label="Median Used Price" type="number" inputMode="numeric" min={0} step={1} {...fieldProps('medianUsedPrice')} />
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

      <Button type="submit" disabled={createListing.isPending || photos.busy} className="w-full sm:w-auto sm:self-end">
        {createListing.isPending ? 'Creating...' : photos.busy ? 'Waiting for photos...' : 'Create Listing'}
      </Button>
    </form>
  )
}
