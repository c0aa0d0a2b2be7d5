// Drafts on this phone, live: every change to the offline store (from this tab, another tab or the service worker)
// re-renders the screens that read them.
import { useLiveQuery } from 'dexie-react-hooks'
import { useSyncExternalStore } from 'react'
import { localDb, type Draft, type DraftPhoto, type OutboxEntry } from '../offline/db.ts'
import { describeDraft, type DraftStatus } from '../offline/draft-status.ts'
import { syncScheduler } from '../lib/sync.ts'
import { useOnline } from './useOnline.ts'

export interface DraftView {
  draft: Draft
  photos: DraftPhoto[]
  entries: OutboxEntry[]
  status: DraftStatus
}

async function loadDraftViews(ids?: string[]): Promise<Omit<DraftView, 'status'>[]> {
  const db = localDb()
  const drafts = ids ? (await db.drafts.bulkGet(ids)).filter((draft) => draft !== undefined) : await db.drafts.orderBy('updatedAt').reverse().toArray()
  return Promise.all(
    drafts.map(async (draft) => {
      const photos = (await db.photos.bulkGet(draft.photoIds)).filter((photo) => photo !== undefined)
      return { draft, photos, entries: await db.outbox.where({ draftId: draft.id }).toArray() }
    }),
  )
}

export function useDrafts(): DraftView[] | undefined {
  const online = useOnline()
  const views = useLiveQuery(() => loadDraftViews(), [])
  return views?.map((view) => ({ ...view, status: describeDraft(view.draft, view.photos, view.entries, online) }))
}

/** One draft; undefined while loading, null when it does not exist (yet). */
export function useDraft(id: string): DraftView | null | undefined {
  const online = useOnline()
  const view = useLiveQuery(async () => (await loadDraftViews([id]))[0] ?? null, [id])
  if (!view) return view
  return { ...view, status: describeDraft(view.draft, view.photos, view.entries, online) }
}

/** How many drafts have changes the server has not received yet. */
export function useWaitingCount(): number {
  return useLiveQuery(async () => new Set((await localDb().outbox.where({ status: 'pending' }).toArray()).map((entry) => entry.draftId)).size, []) ?? 0
}

export const useSyncStatus = () => useSyncExternalStore(syncScheduler.subscribe, syncScheduler.status)
