// The listing form's inputs: where each field listing-fields.ts declares sits (its section, its width, its hint), the
// input its kind takes, and what marks a value the AI or a measurement filled.
import { Fragment, type ComponentProps, type ReactNode } from 'react'
import { useWatch, type Control, type UseFormRegisterReturn } from 'react-hook-form'
import { CATALOG_NAME } from '../../../api/contract/catalog.ts'
import { LISTING_FIELD_ENTRIES } from '../../../api/contract/listing-fields.ts'
import type { ListingInput } from '../../../api/contract/listing.ts'
import { CATALOG_PRODUCT_FIELD } from '../../../api/contract/marketplace-listing-parts.ts'
import { MEASUREMENT_FIELDS, measurementHint } from '../../../api/contract/measurements.ts'
import { SelectField } from '../../components/ui/SelectField.tsx'
import { TextAreaField } from '../../components/ui/TextAreaField.tsx'
import { TextField } from '../../components/ui/TextField.tsx'
import type { Draft, DraftField, DraftFields } from '../../offline/db.ts'
import { GuessBadge } from './AiFindings.tsx'

export type Section = 'barcode' | 'details' | 'catalog' | 'shipping' | 'measurements' | 'book' | 'books'

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
  /** Choice: what not chosen is called, when it means something ('Inches'). */
  placeholder?: string
  /** A clothing field (Size…) a book has none of: hidden for Books, whose own fields show instead (decision 0059). */
  notForBooks?: true
}
export const PLACES = {
  title: { section: 'details', wide: true, counted: true },
  description: { section: 'details', wide: true, rows: 5 },
  askingPrice: {
    section: 'details',
    wide: true,
    hint: 'What buyers pay, in dollars and cents (e.g. 24.99). Blank: the median used price. Retail Price and Median Used Price below are references.',
  },
  price: { section: 'details' },
  medianUsedPrice: { section: 'details' },
  quantity: { section: 'details' },
  category: { section: 'details' },
  keywords: { section: 'details', wide: true, hint: 'Separate keywords with commas' },
  gtin: { section: 'barcode', hint: 'Scan it, or type the number under the bars' },
  color: { section: 'details' },
  // What the catalog's category asks for most: buyers filter by these.
  brand: { section: 'catalog' },
  size: { section: 'catalog', notForBooks: true },
  type: { section: 'catalog' },
  sizeType: { section: 'catalog', notForBooks: true },
  department: { section: 'catalog', notForBooks: true },
  [CATALOG_PRODUCT_FIELD]: {
    section: 'catalog',
    hint: `Filled when you pick ${CATALOG_NAME}’s product for the barcode: ${CATALOG_NAME} adds its details`,
  },
  packageWeightOz: { section: 'shipping', hint: '16 oz to a pound' },
  packageLength: { section: 'shipping' },
  packageWidth: { section: 'shipping' },
  packageHeight: { section: 'shipping' },
  measurementUnit: { section: 'measurements', placeholder: 'Inches' },
  ...(Object.fromEntries(
    MEASUREMENT_FIELDS.map((field) => [field, { section: 'measurements', hint: measurementHint(field) }]),
  ) as Record<(typeof MEASUREMENT_FIELDS)[number], Placement>),
  author: { section: 'book' },
  bookFormat: { section: 'book', hint: 'Hardcover, Paperback, Trade Paperback…' },
  publisher: { section: 'book' },
  publicationYear: { section: 'book' },
  cost: { section: 'books', hint: 'What you paid for one, in dollars (0 for a free find)' },
  sku: { section: 'books', hint: 'Blank: Snaplist makes one' },
  bin: { section: 'books' },
  boughtAt: { section: 'books' },
  boughtWhere: { section: 'books' },
  privateNotes: { section: 'books', wide: true, rows: 3, hint: 'Only you see these' },
} satisfies Record<DraftField, Placement> as Record<DraftField, Placement>

export type FormControl = Control<DraftFields, unknown, ListingInput>

export type InputProps = UseFormRegisterReturn<DraftField> & {
  label: string
  error: string | undefined
  badge: ReactNode
  hint?: string
}

/** A text input that shows how many characters of its limit are used. */
function CountedTextField({ control, limit, ...props }: InputProps & { control: FormControl; limit: number }) {
  const length = useWatch({ control, name: props.name }).length
  return <TextField maxLength={limit} {...props} hint={`${length}/${limit}`} />
}

/**
 * What filled a field: the AI, or (without one) a measurement of the photo, which is never called AI. Reviewing a haul
 * it says to check the field, in amber, so the fields to check stand out.
 */
export function FilledBadge({ measured, check }: { measured: boolean; check: boolean }) {
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

/** The catalog filled the field from the barcode: it knows the product, so there is nothing to check. */
export function CatalogBadge() {
  return (
    <span
      className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900"
      title={`From ${CATALOG_NAME}’s catalog for the barcode`}
    >
      {CATALOG_NAME} catalog
    </span>
  )
}

/** What filled the field, if not the seller: a guess to check, the AI (or a measurement), or the catalog. */
export function fieldBadge(draft: Draft | undefined, field: DraftField, measured: boolean, check: boolean) {
  if (draft?.guesses?.includes(field)) return <GuessBadge />
  if (draft?.aiFilled.includes(field)) return <FilledBadge measured={measured} check={check} />
  if (draft?.catalogFilled?.includes(field)) return <CatalogBadge />
  return undefined
}

/** The fields of one section, each with the input its kind takes and what the analysis found beside it. */
export function SectionFields({
  section,
  control,
  inputProps,
  under,
  after,
  only,
}: {
  section: Section
  control: FormControl
  inputProps: (field: DraftField) => InputProps
  /** Shown under a field. */
  under: Partial<Record<DraftField, ReactNode>>
  /** Shown after a field, across both columns. */
  after: Partial<Record<DraftField, ReactNode>>
  /** Of the section's fields, only these (a garment's measurements). */
  only?: readonly DraftField[]
}) {
  const book = useWatch({ control, name: 'category' }) === 'books'
  const shown = LISTING_FIELD_ENTRIES.filter(
    ([field]) =>
      PLACES[field].section === section && (!only || only.includes(field)) && !(book && PLACES[field].notForBooks),
  )
  return shown.map(([field, spec]) => {
    const { wide, rows, counted, placeholder } = PLACES[field]
    const props = inputProps(field)
    const input =
      spec.kind === 'choice' ? (
        <SelectField options={spec.options} {...(placeholder ? { placeholder } : {})} {...props} />
      ) : spec.kind === 'whole' ? (
        <TextField type="number" inputMode="numeric" min={spec.min} step={1} {...props} />
      ) : spec.kind === 'money' ? (
        <TextField type="number" inputMode="decimal" min={'zeroAllowed' in spec ? 0 : 0.01} step={0.01} {...props} />
      ) : spec.kind === 'date' ? (
        <TextField type="date" {...props} />
      ) : spec.kind === 'text' && rows ? (
        <TextAreaField rows={rows} {...props} />
      ) : spec.kind === 'text' && counted ? (
        <CountedTextField control={control} limit={spec.max} {...props} />
      ) : spec.kind === 'text' && spec.format ? (
        <TextField
          inputMode={spec.format === 'measure' ? 'decimal' : 'numeric'}
          autoComplete="off"
          maxLength={spec.max}
          {...props}
        />
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
}

/** What a section of its own (Shipping, Measurements) passes on to its fields: all but which section and which fields. */
export type SectionProps = Omit<ComponentProps<typeof SectionFields>, 'section' | 'only'>
