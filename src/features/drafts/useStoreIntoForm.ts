// What the offline store learns about a draft while the form is open and the form must show: suggestions the sync
// engine wrote into it, a scanned barcode and what the product catalog filled for it, and a refusal's sentence under each
// field the server named.
import { useEffect, useRef } from 'react'
import type { UseFormReturn } from 'react-hook-form'
import type { ListingInput } from '../../../api/contract/listing.ts'
import { showFieldErrors } from '../../lib/form-errors.ts'
import type { Draft, DraftField, DraftFields } from '../../offline/db.ts'
import type { FieldEdits } from './useFieldEdits.ts'

export function useStoreIntoForm(
  draft: Draft | undefined,
  { getValues, setValue, setError, formState }: UseFormReturn<DraftFields, unknown, ListingInput>,
  fieldEdits: FieldEdits,
) {
  // Suggestions the sync engine wrote into the draft appear in the form (only in fields the seller left alone). Only a
  // value the store has newly: the store may be a moment behind the form (typing is written after a pause), and what
  // it said before must not be put back over what the seller has typed since.
  const seen = useRef<Partial<DraftFields>>(draft?.fields ?? {})
  const { isSubmitted } = formState
  useEffect(() => {
    if (!draft) return
    // The AI's values, the catalog's for a barcode, and a code scanned into the draft.
    const filled: DraftField[] = [
      ...draft.aiFilled,
      ...(draft.catalogFilled ?? []),
      ...(draft.barcode ? ['gtin' as const] : []),
    ]
    for (const field of filled) {
      const suggested = draft.fields[field]
      if (suggested === seen.current[field] || fieldEdits.isPending(field)) continue
      if (getValues(field) !== suggested) setValue(field, suggested, { shouldValidate: isSubmitted })
    }
    seen.current = draft.fields
  }, [draft, getValues, setValue, isSubmitted, fieldEdits])

  // A refused draft shows the server's sentence under each field it named, as well as above the form.
  const failedFields = draft?.state === 'failed' ? draft.errorFields : undefined
  useEffect(() => {
    if (failedFields) showFieldErrors(setError, getValues(), failedFields)
  }, [failedFields, setError, getValues])
}
