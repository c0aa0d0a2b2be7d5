// A draft nothing was put into (issue 47 item 11d): New Listing or its scanner opened and left, a title typed and
// erased, a photo added and removed. It is not the seller's work, so it leaves no 'Untitled draft' on the Dashboard.
// Anything the seller typed, scanned, photographed or chose keeps the draft, as every offline draft is kept.
import { EMPTY_FIELDS, type Draft } from './db.ts'

export function isUntouched(draft: Draft): boolean {
  return (
    draft.state === 'editing' &&
    draft.photoIds.length === 0 &&
    // An edit of a listing, a haul's item and a draft being sent are never the seller's blank page.
    draft.editOf === undefined &&
    draft.haulId === undefined &&
    draft.barcode === undefined &&
    !draft.catalogCategoryChosen &&
    Object.values(draft.aspects ?? {}).every((value) => value.trim() === '') &&
    Object.entries(draft.fields).every(
      ([field, value]) => value.trim() === EMPTY_FIELDS[field as keyof typeof EMPTY_FIELDS].trim(),
    )
  )
}
