// What a draft is doing, in the words the Dashboard shows: derived from the draft, its photos and its outbox.
import type { Draft, DraftPhoto, OutboxEntry } from './db.ts'

export type DraftStatusKind = 'draft' | 'waiting' | 'uploading' | 'analysing' | 'review' | 'creating' | 'failed' | 'done'

export interface DraftStatus {
  kind: DraftStatusKind
  text: string
}

export function describeDraft(draft: Draft, photos: DraftPhoto[], entries: OutboxEntry[], online: boolean): DraftStatus {
  if (draft.state === 'done') return { kind: 'done', text: 'Done' }
  if (draft.state === 'failed') return { kind: 'failed', text: `Failed: ${draft.error ?? 'the server refused this listing.'}` }
  const pending = entries.filter((entry) => entry.status === 'pending')
  if (pending.length && !online) return { kind: 'waiting', text: 'Waiting for network' }
  if (pending.some((entry) => entry.kind === 'analyze-photo')) return { kind: 'analysing', text: 'Analysing' }
  if (pending.some((entry) => entry.kind === 'upload-photo')) {
    const uploaded = photos.filter((photo) => photo.serverUrl).length
    return { kind: 'uploading', text: `Uploading ${Math.min(uploaded + 1, photos.length)} of ${photos.length} photos` }
  }
  if (pending.some((entry) => entry.kind === 'create-listing')) return { kind: 'creating', text: 'Creating listing' }
  if (draft.suggestionsReady) return { kind: 'review', text: 'AI suggestions ready' }
  return { kind: 'draft', text: 'Draft: not posted yet' }
}
