// The form's side of src/lib/field-edits.ts: what the seller types is written to the draft after a pause in typing,
// and at once when the form goes away (another screen, the next item of a haul), so nothing typed is lost; a draft left
// with nothing in it then goes (untouched-draft.ts), so opening New Listing and leaving leaves no Untitled draft.
import { useEffect, useMemo } from 'react'
import { dropFieldEdits, flushFieldEdits, isFieldEditPending, queueFieldEdit } from '../../lib/field-edits.ts'
import type { DraftField, DraftFields } from '../../offline/db.ts'
import { useDraftStore } from './useDrafts.ts'

export interface FieldEdits {
  /** The seller typed: written with the others of this pause. */
  edit: (changes: Partial<DraftFields>) => void
  /** Writes what is waiting now; resolves once it is in the store (before the draft is sent). */
  flush: () => Promise<void>
  /** Forgets what is waiting (the draft is discarded). */
  drop: () => void
  /** Whether the form's value of the field is newer than the store's. */
  isPending: (field: DraftField) => boolean
}

export function useFieldEdits(draftId: string): FieldEdits {
  const drafts = useDraftStore()
  useEffect(() => () => void flushFieldEdits(draftId).then(() => drafts.forgetUntouched(draftId)), [draftId, drafts])
  return useMemo(
    () => ({
      edit: (changes) => queueFieldEdit(drafts, draftId, changes),
      flush: () => flushFieldEdits(draftId),
      drop: () => dropFieldEdits(draftId),
      isPending: (field) => isFieldEditPending(draftId, field),
    }),
    [drafts, draftId],
  )
}
