// A book's own details (issue 47, docs/decisions/0059), shown when the item is in Books in place of clothing's: the
// author, format, publisher and year the product catalog filled for its ISBN (marked as the catalog's), and the ISBN itself,
// which is the barcode above.
import { useWatch } from 'react-hook-form'
import { normalizedGtin } from '../../../api/contract/gtin.ts'
import { SectionFields, type SectionProps } from './draft-form-fields.tsx'

export function BookPanel(sectionProps: SectionProps) {
  const [category, gtin] = useWatch({ control: sectionProps.control, name: ['category', 'gtin'] })
  if (category !== 'books') return null
  const isbn = normalizedGtin(gtin)
  return (
    <fieldset className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
      <legend className="px-2 text-base font-semibold text-slate-900">Book details</legend>
      <p className="text-sm text-slate-700 sm:col-span-2">
        {isbn ? `ISBN ${isbn}, from the barcode above.` : 'Scan the barcode above for its ISBN.'} These go to the
        marketplaces as the book’s item specifics.
      </p>
      <SectionFields section="book" {...sectionProps} />
    </fieldset>
  )
}
