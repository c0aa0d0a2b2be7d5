// The seller's typing reaches the offline store after a pause, not on every keystroke (issue 28): each write is an
// IndexedDB transaction that also re-runs every live query over the drafts, so one a keystroke was work for nothing.
// The form shows what is typed at once (it holds its own values); the store gets a pause's edits of a draft together,
// in one `editFields`. Nothing typed is lost, because the edits still waiting are written at once
// - when the page is hidden or left (visibilitychange to hidden, pagehide: the last moments a browser promises to run
//   code, and the transaction started there completes; a reload after them finds the text),
// - when the form goes away (useFieldEdits), and
// - before anything reads the draft to send it: Create Listing and Keep mine (the form), the outbox's run (outbox.ts).
// Much as excalidraw's LocalData saves its scene.
import type { DraftField, DraftFields } from '../offline/db.ts'
import type { DraftStore } from '../offline/drafts.ts'

/** How long typing must pause before its edits are written. */
export const FIELD_EDIT_PAUSE_MS = 400

interface WaitingEdit {
  /** The store of the account the draft was typed into (a later logout does not send the edit to another). */
  drafts: DraftStore
  changes: Partial<DraftFields>
  timer: ReturnType<typeof setTimeout>
}

/** By draft id: the edits not in the store yet, the latest value of each field. */
const waiting = new Map<string, WaitingEdit>()
/** By draft id: the edits being written now, until their transaction has committed. */
const writing = new Map<string, Partial<DraftFields>>()

/** Keeps an edit until typing pauses; a later value of a field replaces an earlier one. */
export function queueFieldEdit(drafts: DraftStore, draftId: string, changes: Partial<DraftFields>) {
  const before = waiting.get(draftId)
  clearTimeout(before?.timer)
  waiting.set(draftId, {
    drafts,
    changes: { ...before?.changes, ...changes },
    timer: setTimeout(() => void flushFieldEdits(draftId), FIELD_EDIT_PAUSE_MS),
  })
}

/**
 * Whether the seller's value of the field is not in the store yet (waiting, or being written): what the store says of
 * that field is older than the form's, and must not be put back into it.
 */
export const isFieldEditPending = (draftId: string, field: DraftField) =>
  waiting.get(draftId)?.changes[field] !== undefined || writing.get(draftId)?.[field] !== undefined

/** Writes the waiting edits of one draft now (of every draft without an id); resolves once they are in the store. */
export async function flushFieldEdits(draftId?: string): Promise<void> {
  const ids = draftId === undefined ? [...waiting.keys()] : [draftId]
  await Promise.all(
    ids.map(async (id) => {
      const edit = waiting.get(id)
      if (!edit) return
      clearTimeout(edit.timer)
      waiting.delete(id)
      writing.set(id, edit.changes)
      try {
        await edit.drafts.editFields(id, edit.changes)
      } finally {
        // A later flush of the draft may be writing by now: its marks stay until it is done.
        if (writing.get(id) === edit.changes) writing.delete(id)
      }
    }),
  )
}

/** Forgets the draft's waiting edits: the seller discarded the draft, and a write would make it anew. */
export function dropFieldEdits(draftId: string) {
  clearTimeout(waiting.get(draftId)?.timer)
  waiting.delete(draftId)
}

// Once for the page: leaving it, or hiding it (a phone may then kill the tab without another event), writes everything.
if (typeof document !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void flushFieldEdits()
  })
  window.addEventListener('pagehide', () => void flushFieldEdits())
}
