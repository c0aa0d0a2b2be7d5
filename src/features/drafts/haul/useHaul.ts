// A haul on this phone, live: its items (drafts sharing a haulId, in order) with their photos, outbox entries and
// what each is doing, and the haul store acting for the signed-in account.
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { localDb, type Draft } from '../../../offline/db.ts'
import { describeDraft } from '../../../offline/draft-status.ts'
import { createHaulStore, isAnalysed, type HaulStore } from '../../../offline/hauls.ts'
import { useOnline } from '../../../hooks/useOnline.ts'
import { useCurrentUser } from '../../../hooks/useCurrentUser.ts'
import { loadDraftViews, type DraftView } from '../useDrafts.ts'

export interface HaulItemView extends DraftView {
  /** Its suggestions are in (or the AI gave up on it): ready for review. */
  analysed: boolean
}

export function useHaulStore(): HaulStore {
  const { id } = useCurrentUser()
  return useMemo(() => createHaulStore(localDb(), id), [id])
}

/** The haul's items in order; undefined while loading. */
export function useHaulItems(haulId: string): HaulItemView[] | undefined {
  const online = useOnline()
  const { id: userId } = useCurrentUser()
  const hauls = useHaulStore()
  const views = useLiveQuery(
    async () =>
      loadDraftViews(
        userId,
        (await hauls.items(haulId)).map((draft) => draft.id),
      ),
    [userId, haulId, hauls],
  )
  return views?.map((view) => ({
    ...view,
    status: describeDraft(view.draft, view.photos, view.entries, online),
    analysed: isAnalysed(view.draft, view.entries),
  }))
}

export interface HaulSummary {
  haulId: string
  items: number
  /** Items still on the phone as drafts (not yet handed to the outbox as listings). */
  unfinished: number
  analysed: number
  /** Analysed and not yet created: what the review queue would open. */
  toReview: number
  startedAt: number
}

/** The signed-in account's hauls that still have items to review or create, newest first. */
export function useHaulSummaries(): HaulSummary[] | undefined {
  const { id: userId } = useCurrentUser()
  return useLiveQuery(async () => {
    const db = localDb()
    const drafts = await db.drafts
      .where({ userId })
      .filter((draft) => draft.haulId !== undefined)
      .toArray()
    const entries = await db.outbox.where({ userId }).toArray()
    const byHaul = new Map<string, Draft[]>()
    for (const draft of drafts) byHaul.set(draft.haulId!, [...(byHaul.get(draft.haulId!) ?? []), draft])
    return [...byHaul]
      .map(([haulId, items]) => ({
        haulId,
        items: items.length,
        unfinished: items.filter((draft) => draft.state === 'editing').length,
        analysed: items.filter((draft) => isAnalysed(draft, entries)).length,
        toReview: items.filter((draft) => draft.state === 'editing' && isAnalysed(draft, entries)).length,
        startedAt: Math.min(...items.map((draft) => draft.createdAt)),
      }))
      .filter((summary) => summary.unfinished > 0)
      .sort((a, b) => b.startedAt - a.startedAt)
  }, [userId])
}
