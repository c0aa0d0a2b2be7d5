// Drafts on this phone, above the synced listings: each with what it is doing, and Edit, Discard and Retry. It also
// keeps the listings in step with drafts that reach the server (useListingSync), and tells the listing rows and status
// filters what the phone holds (src/lib/phone-state.ts): the count of new drafts, and each listing's edit not yet on the server
// (those show on the listing's own row, not here).
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useState } from 'react'
import { searchWords } from '../../../api/contract/listing-search.ts'
import { Button, buttonClass } from '../../components/ui/Button.tsx'
import { Dialog } from '../../components/ui/Dialog.tsx'
import { useDraftStore, useDrafts, type DraftView } from './useDrafts.ts'
import { useListingSync } from './useListingSync.ts'
import { usePhotoPreviews } from './usePhotoPreviews.ts'
import { useStorageEstimate } from './useStorageEstimate.ts'
import { aiRetryOf } from '../../offline/draft-status.ts'
import { AiRetryButtons } from './AiStatus.tsx'
import { publishPhoneState } from '../../lib/phone-state.ts'

const STATUS_STYLE: Record<string, string> = {
  failed: 'bg-red-50 text-red-800',
  done: 'bg-emerald-50 text-emerald-800',
  review: 'bg-violet-50 text-violet-800',
  waiting: 'bg-amber-50 text-amber-900',
  'ai-busy': 'bg-amber-50 text-amber-900',
}

/** Whether a draft matches the search: every word typed, anywhere in its title, brand or keywords, in any case. */
function textMatcher(search: string): (...texts: string[]) => boolean {
  const words = searchWords(search)
  return (...texts) => {
    const lower = texts.join(' ').toLowerCase()
    return words.every((word) => lower.includes(word))
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

function DraftRow({ view, onDiscard }: { view: DraftView; onDiscard: () => void }) {
  const previews = usePhotoPreviews(view.photos.slice(0, 1))
  const first = view.photos[0] && previews.get(view.photos[0].id)
  const title = view.draft.fields.title || 'Untitled draft'
  const draftStore = useDraftStore()
  const retry = async () => {
    await draftStore.retry(view.draft.id)
  }
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        {first ? (
          <img src={first} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-lg object-cover" />
        ) : (
          <div className="h-16 w-16 shrink-0 rounded-lg bg-slate-100" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{title}</p>
          <p
            className={`mt-1 inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[view.status.kind] ?? 'bg-slate-100 text-slate-700'}`}
            role="status"
          >
            {view.status.text}
          </p>
        </div>
      </div>
      {view.status.kind === 'done' && <DoneActions view={view} title={title} />}
      {view.status.kind !== 'done' && (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          {view.status.kind === 'failed' && (
            <Button onClick={() => void retry()} aria-label={`Retry ${title}`}>
              Retry
            </Button>
          )}
          <Link
            to="/list-item"
            search={{ draft: view.draft.id }}
            className={buttonClass('secondary')}
            aria-label={`Edit ${title}`}
          >
            Edit
          </Link>
          <Button variant="secondary" onClick={onDiscard} aria-label={`Discard ${title}`}>
            Discard
          </Button>
        </div>
      )}
    </li>
  )
}

/** A created listing whose analysis still waits for the AI, or whose late suggestions the seller has not read yet. */
function DoneActions({ view, title }: { view: DraftView; title: string }) {
  const draftStore = useDraftStore()
  if (aiRetryOf(view.entries)) {
    return (
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <AiRetryButtons draftId={view.draft.id} label={title} />
      </div>
    )
  }
  if (!view.draft.lateFilled) return null
  return (
    <Button variant="secondary" onClick={() => void draftStore.discard(view.draft.id)} aria-label={`Dismiss: ${title}`}>
      Dismiss
    </Button>
  )
}

/**
 * New listings on the phone (the Draft status), and the edits of listings that exist the server does not have yet. A
 * haul's items still being photographed or reviewed are its row under Hauls; once created they show here.
 */
function usePublishedDrafts(views: DraftView[] | undefined): DraftView[] | undefined {
  const drafts = useMemo(
    () =>
      views?.filter(
        (view) => !view.draft.editOf && (view.draft.haulId === undefined || view.draft.state !== 'editing'),
      ),
    [views],
  )
  useEffect(() => {
    if (!views || !drafts) return
    const edits = views.flatMap((view) =>
      view.draft.editOf && view.status.kind !== 'done' ? [[view.draft.editOf.listingId, view.status] as const] : [],
    )
    publishPhoneState({
      draftCount: drafts.filter((view) => view.draft.state !== 'done').length,
      edits: new Map(edits),
    })
  }, [views, drafts])
  return drafts
}

interface DraftsPanelProps {
  /** The Dashboard's status filter shows drafts (All or Draft). */
  visible: boolean
  /** The Dashboard's search (title, brand, keywords). */
  search: string
}

export function DraftsPanel({ visible, search }: DraftsPanelProps) {
  useListingSync()
  const drafts = usePublishedDrafts(useDrafts())
  const views = useMemo(() => {
    const matches = textMatcher(search)
    return drafts?.filter(({ draft: { fields } }) =>
      matches(fields.title || 'Untitled draft', fields.brand, fields.keywords),
    )
  }, [drafts, search])
  const draftStore = useDraftStore()
  // A form left with nothing in it (a tab closed on it) is no draft of the seller's: it goes before it is listed.
  useEffect(() => void draftStore.forgetUntouched(), [draftStore])
  const [discarding, setDiscarding] = useState<DraftView | null>(null)
  const usage = useStorageEstimate(views?.length)
  if (!visible || !views?.length) return null
  return (
    <section aria-labelledby="drafts-heading" className="min-w-0 rounded-2xl border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="drafts-heading" className="text-lg font-semibold text-slate-900">
          Drafts on this phone
        </h2>
        {usage !== undefined && <p className="text-xs text-slate-500">Drafts use {megabytes(usage)} on this phone</p>}
      </div>
      <ul className="mt-2 divide-y divide-slate-100">
        {views.map((view) => (
          <DraftRow key={view.draft.id} view={view} onDiscard={() => setDiscarding(view)} />
        ))}
      </ul>
      <Dialog open={discarding !== null} onClose={() => setDiscarding(null)} title="Discard this draft?">
        <p className="text-sm text-slate-600">
          “{discarding?.draft.fields.title || 'Untitled draft'}” and its photos will be deleted from this phone.
        </p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setDiscarding(null)}>
            Keep it
          </Button>
          <Button
            variant="danger"
            onClick={() => discarding && void draftStore.discard(discarding.draft.id).then(() => setDiscarding(null))}
          >
            Discard
          </Button>
        </div>
      </Dialog>
    </section>
  )
}
