// The form's Shipping section: the parcel as it ships (decision 0045), and one tap for the parcels a reseller ships in
// most (issue 33): the weight and the box's size filled at once, each value the seller's to change after.
import type { DraftFields } from '../../offline/db.ts'
import { SectionFields, type SectionProps } from './draft-form-fields.tsx'

type Parcel = Pick<DraftFields, 'packageWeightOz' | 'packageLength' | 'packageWidth' | 'packageHeight'>

const PRESETS: { name: string; parcel: Parcel }[] = [
  {
    name: 'Small poly mailer, 8 oz',
    parcel: { packageWeightOz: '8', packageLength: '13', packageWidth: '10', packageHeight: '1' },
  },
  {
    name: 'Padded mailer, 1 lb',
    parcel: { packageWeightOz: '16', packageLength: '13', packageWidth: '10', packageHeight: '2' },
  },
  {
    name: 'Shoe box, 3 lb',
    parcel: { packageWeightOz: '48', packageLength: '14', packageWidth: '10', packageHeight: '6' },
  },
  {
    name: 'Medium box, 5 lb',
    parcel: { packageWeightOz: '80', packageLength: '12', packageWidth: '12', packageHeight: '8' },
  },
]

function ParcelPresets({ onPick }: { onPick: (parcel: Parcel) => void }) {
  return (
    <div className="flex flex-wrap gap-2 sm:col-span-2" role="group" aria-label="Parcel presets">
      {PRESETS.map(({ name, parcel }) => (
        <button
          key={name}
          type="button"
          onClick={() => onPick(parcel)}
          className="min-h-11 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {name}
        </button>
      ))}
    </div>
  )
}

export function ShippingPanel({ onParcel, ...sectionProps }: SectionProps & { onParcel: (parcel: Parcel) => void }) {
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
      <legend className="px-2 text-base font-semibold text-slate-900">Shipping</legend>
      <p className="text-sm text-slate-600 sm:col-span-2">
        The parcel as it ships: calculated shipping is priced by it.
      </p>
      <ParcelPresets onPick={onParcel} />
      <SectionFields section="shipping" {...sectionProps} />
    </fieldset>
  )
}
