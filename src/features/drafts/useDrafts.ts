// Drafts on this phone, live: every change to the offline store (from this tab, another tab or the service worker)
// re-renders the screens that read them.
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo, useSyncExternalStore } from 'react'
import { localDb, type Draft, type DraftPhoto, type OutboxEntry } from '../../offline/db.ts'
import { describeDraft, type DraftStatus } from '../../offline/draft-status.ts'
import type { DraftStore } from '../../offline/drafts.ts'
import { draftsOf, syncScheduler } from '../../lib/outbox.ts'
import { useCurrentUser } from '../../hooks/useCurrentUser.ts'
import { useOnline } from '../../hooks/useOnline.ts'

export interface DraftView {
  draft: Draft
  photos: DraftPhoto[]
  entries: OutboxEntry[]
  status: DraftStatus
}

/** The signed-in account's drafts (another account's on the same phone are not there for it), newest first. */
export async function loadDraftViews(userId: number, ids?: string[]): Promise<Omit<DraftView, 'status'>[]> {
  const db = localDb()
  const drafts = ids
    ? ((await db.drafts.bulkGet(ids)).filter((draft) => draft?.userId === userId) as Draft[])
    : (await db.drafts.where({ userId }).sortBy('updatedAt')).reverse()
  return Promise.all(
    drafts.map(async (draft) => {
      const photos = (await db.photos.bulkGet(draft.photoIds)).filter((photo) => photo !== undefined)
      return { draft, photos, entries: await db.outbox.where({ draftId: draft.id }).toArray() }
    }),
  )
}

/** The offline store acting for the signed-in account. */
export function useDraftStore(): DraftStore {
  const { id } = useCurrentUser()
  return useMemo(() => draftsOf(id), [id])
}

export function useDrafts(): DraftView[] | undefined {
  const online = useOnline()
  const { id: userId } = useCurrentUser()
  const views = useLiveQuery(() => loadDraftViews(userId), [userId])
  return views?.map((view) => ({ ...view, status: describeDraft(view.draft, view.photos, view.entries, online) }))
}

/** One draft; undefined while loading, null when it does not exist (yet). */
export function useDraft(id: string): DraftView | null | undefined {
  const online = useOnline()
  const { id: userId } = useCurrentUser()
  const view = useLiveQuery(async () => (await loadDraftViews(userId, [id]))[0] ?? null, [userId, id])
  if (!view) return view
  return { ...view, status: describeDraft(view.draft, view.photos, view.entries, online) }
}

/** How many of the account's drafts have changes the server has not received yet. */
export function useWaitingCount(userId: number): number {
  const pending = async () =>
    (await localDb().outbox.where({ userId }).toArray()).filter((entry) => entry.status === 'pending')
  return useLiveQuery(async () => new Set((await pending()).map((entry) => entry.draftId)).size, [userId]) ?? 0
}

export const useSyncStatus = () => useSyncExternalStore(syncScheduler.subscribe, syncScheduler.status)
