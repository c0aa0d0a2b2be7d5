// What a draft is doing, in the words the Dashboard shows: derived from the draft, its photos and its outbox.
import { LISTING_FIELDS } from '../../api/contract/listing-fields.ts'
import type { FillableField } from '../../api/contract/listing-suggestion.ts'
import { isAnalysis, type Draft, type DraftPhoto, type OutboxEntry } from './db.ts'

export type DraftStatusKind =
  | 'draft'
  | 'waiting'
  | 'uploading'
  | 'analysing'
  | 'ai-busy'
  | 'review'
  | 'creating'
  | 'failed'
  | 'done'
  // An edit of a listing that exists: not sent yet, sent and waiting, or met with another edit made elsewhere.
  | 'edit-unsent'
  | 'edit-waiting'
  | 'conflict'

export interface DraftStatus {
  kind: DraftStatusKind
  text: string
}

/** An analysis waiting for a busy AI (its photo is stored): the listing does not wait for it. */
export const aiRetryOf = (entries: OutboxEntry[]) =>
  entries.find((entry) => isAnalysis(entry) && entry.photoStored === true && entry.status === 'pending')

/** "AI busy — retrying in 2 min" (at least 1 min, so it never says "in 0 min"). */
export function aiRetryText(entry: OutboxEntry, now: number): string {
  const minutes = Math.max(1, Math.ceil((entry.nextAttemptAt - now) / 60_000))
  return `AI busy — retrying in ${minutes} min`
}

const fieldLabel = (field: FillableField) =>
  field === 'aiSuggestions' ? 'AI suggestions' : LISTING_FIELDS[field].label

/** What late suggestions did to the listing: "… filled Brand, Size", or that nothing was empty. */
export function lateFilledText(filled: FillableField[]): string {
  const lead = 'AI suggestions arrived after you created the listing'
  if (filled.length === 0) return `${lead}: every field was already filled, so nothing changed.`
  return `${lead}: filled ${filled.map(fieldLabel).join(', ')}.`
}

/** What an edit of a listing is doing, for that listing's row (docs/product.md §11). */
function describeEdit(draft: Draft): DraftStatus {
  if (draft.state === 'done') return { kind: 'done', text: 'Changes saved' }
  if (draft.conflict) return { kind: 'conflict', text: 'Changed elsewhere too: choose which to keep' }
  if (draft.state === 'failed')
    return { kind: 'failed', text: `Changes not saved: ${draft.error ?? 'the server refused them.'}` }
  if (draft.state === 'editing') return { kind: 'edit-unsent', text: 'Unsaved changes on this phone' }
  return { kind: 'edit-waiting', text: 'Changes waiting to sync' }
}

export function describeDraft(
  draft: Draft,
  photos: DraftPhoto[],
  entries: OutboxEntry[],
  online: boolean,
  now = Date.now(),
): DraftStatus {
  if (draft.editOf) return describeEdit(draft)
  const aiRetry = aiRetryOf(entries)
  if (draft.state === 'done') {
    if (aiRetry) return { kind: 'done', text: `Listing created. ${aiRetryText(aiRetry, now)}` }
    if (draft.lateFilled) return { kind: 'done', text: lateFilledText(draft.lateFilled) }
    return { kind: 'done', text: 'Done' }
  }
  if (draft.state === 'failed')
    return { kind: 'failed', text: `Failed: ${draft.error ?? 'the server refused this listing.'}` }
  const pending = entries.filter((entry) => entry.status === 'pending')
  if (pending.length && !online) return { kind: 'waiting', text: 'Waiting for network' }
  // Held back while the AI said it was busy for another draft (outbox-sender.ts, holdFreshAnalyses).
  const held = pending.find(
    (entry) =>
      isAnalysis(entry) && !entry.photoStored && entry.lastCode === 'analysis_busy' && entry.nextAttemptAt > now,
  )
  if (held) return { kind: 'ai-busy', text: aiRetryText(held, now) }
  if (pending.some((entry) => entry.kind === 'analyze-photo' && !entry.photoStored))
    return { kind: 'analysing', text: 'Analysing' }
  if (pending.some((entry) => entry.kind === 'upload-photo')) {
    const uploaded = photos.filter((photo) => photo.serverUrl).length
    return { kind: 'uploading', text: `Uploading ${Math.min(uploaded + 1, photos.length)} of ${photos.length} photos` }
  }
  // The draft's analysis of all its photos follows their uploads.
  if (pending.some((entry) => entry.kind === 'analyze-draft' && !entry.photoStored))
    return { kind: 'analysing', text: 'Analysing' }
  if (pending.some((entry) => entry.kind === 'create-listing')) return { kind: 'creating', text: 'Creating listing' }
  if (aiRetry) return { kind: 'ai-busy', text: aiRetryText(aiRetry, now) }
  if (draft.suggestionsReady)
    return {
      kind: 'review',
      text: draft.analysis?.source === 'measured' ? 'Colour measured from the photo: check it' : 'AI suggestions ready',
    }
  return { kind: 'draft', text: 'Draft: not posted yet' }
}
