// A clothing listing's measurements (issue 33, docs/decisions/0047): shown when the item is Clothing, the ones a buyer
// asks for on this kind of garment first (by its catalog category, else its title), the rest a tap away. One taken laid
// flat and doubled in the listing (a waist) says under it what the listing will say.
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { MEASURE_PATTERN, typedMeasure } from '../../../api/contract/listing-fields.ts'
import {
  garmentOf,
  listedWithUnit,
  MEASUREMENT_FIELDS,
  MEASUREMENTS,
  type Garment,
  type MeasurementField,
} from '../../../api/contract/measurements.ts'
import { SectionFields, type FormControl, type SectionProps } from './draft-form-fields.tsx'

const GARMENT_WORDS: Record<Garment, string> = { top: 'a top', bottoms: 'bottoms', dress: 'a dress' }

/** What the listing says of a measurement it doubles, as the seller types it: a waist of 16 laid flat is 32 in. */
function ListedAs({ field, control }: { field: MeasurementField; control: FormControl }) {
  const [typed, measurementUnit] = useWatch({ control, name: [field, 'measurementUnit'] })
  const value = typedMeasure(typed.trim())
  return (
    <p className="text-sm font-medium text-slate-800" aria-live="polite">
      {MEASURE_PATTERN.test(value) && `Listed as ${listedWithUnit(field, value, { measurementUnit })}`}
    </p>
  )
}

const DOUBLED = MEASUREMENT_FIELDS.filter((field) => MEASUREMENTS[field].flat?.doubled)

export function MeasurementsPanel({
  catalogCategoryName,
  ...sectionProps
}: SectionProps & { catalogCategoryName?: string }) {
  const [category, title, ...values] = useWatch({
    control: sectionProps.control,
    name: ['category', 'title', ...MEASUREMENT_FIELDS],
  })
  const [all, setAll] = useState(false)
  if (category !== 'clothing') return null

  const garment = garmentOf(catalogCategoryName, title)
  // A measurement already given stays in sight whatever the garment is taken for.
  const shown = MEASUREMENT_FIELDS.filter(
    (field, index) => all || MEASUREMENTS[field].garments.includes(garment) || values[index]?.trim(),
  )
  return (
    // Two short numbers a row, on a phone too: a garment's measurements fit on one screen.
    <fieldset className="grid grid-cols-2 gap-4 rounded-2xl border border-slate-200 bg-white p-5">
      <legend className="px-2 text-base font-semibold text-slate-900">Measurements</legend>
      <p className="col-span-2 text-sm text-slate-600">
        What buyers ask before they buy, measured as {GARMENT_WORDS[garment]}. They go in the description and in the
        marketplaces’ item specifics where they have them.
      </p>
      <SectionFields
        section="measurements"
        only={['measurementUnit', ...shown]}
        {...sectionProps}
        under={{
          ...sectionProps.under,
          ...Object.fromEntries(
            DOUBLED.map((field) => [field, <ListedAs key={field} field={field} control={sectionProps.control} />]),
          ),
        }}
      />
      {shown.length < MEASUREMENT_FIELDS.length && (
        <button
          type="button"
          className="col-span-2 justify-self-start text-sm font-medium text-indigo-700 underline"
          onClick={() => setAll(true)}
        >
          More measurements
        </button>
      )}
    </fieldset>
  )
}
