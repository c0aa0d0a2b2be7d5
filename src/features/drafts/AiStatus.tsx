// What the analysis of the photos is doing, in words a seller can act on: waiting for a busy AI (Retry now, Skip),
// given up, or never run because only the colour was measured. The form stays usable whatever it says.
import { useEffect, useRef, useState } from 'react'
import { CATALOG_NAME, SPECIFICS_GAP } from '../../../api/contract/catalog.ts'
import { Button } from '../../components/ui/Button.tsx'
import { useDraftStore, type DraftView } from './useDrafts.ts'
import type { OutboxEntry } from '../../offline/db.ts'
import { aiRetryOf, aiRetryText } from '../../offline/draft-status.ts'
import { notify } from '../../lib/notify.tsx'

// By the server's error code, never its wording.
const GAVE_UP: Record<string, string> = {
  analysis_failed: 'The AI could not analyse the photos: fill in the details yourself.',
  analysis_timeout: 'The AI took too long to answer: fill in the details yourself.',
  analysis_key_refused: 'AI suggestions are not available on this server right now: fill in the details yourself.',
  analysis_limit_reached:
    'You have used your AI suggestions for now: fill in the details yourself. Your photos are saved.',
}

/** Where the AI failed rather than being busy, not set up or out of the seller's allowance: SPEC's toast says so. */
const FAILED = new Set(['analysis_failed', 'analysis_timeout'])

/** 'Error', 'Failed to analyze image' (docs/product.md §8) when this draft's analysis fails while the seller is on it. */
function useFailureToast(gaveUp: string | undefined) {
  const shown = useRef(gaveUp)
  useEffect(() => {
    if (gaveUp === shown.current) return
    shown.current = gaveUp
    if (gaveUp && FAILED.has(gaveUp)) notify('Error', 'Failed to analyze image', 'error')
  }, [gaveUp])
}

/** The time from mount on, again every 15 s, so "retrying in N min" counts down. */
function useNow() {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000)
    return () => clearInterval(timer)
  }, [])
  return now
}

function AiRetryNotice({ draftId, waiting }: { draftId: string; waiting: OutboxEntry }) {
  const now = useNow()
  return (
    <div role="status" className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{aiRetryText(waiting, now)}.</span> You can fill in the details and create the
        listing now; late suggestions only fill what is still empty.
      </p>
      <AiRetryButtons draftId={draftId} />
    </div>
  )
}

/** Retry now and Skip for an analysis waiting for a busy AI. */
export function AiRetryButtons({ draftId, label = '' }: { draftId: string; label?: string }) {
  const drafts = useDraftStore()
  const retryNow = async () => {
    await drafts.retryAnalysis(draftId)
  }
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void retryNow()}
        aria-label={label ? `Retry now: ${label}` : undefined}
      >
        Retry now
      </Button>
      <Button
        variant="ghost"
        onClick={() => void drafts.skipAnalysis(draftId)}
        aria-label={label ? `Skip the AI: ${label}` : undefined}
      >
        Skip
      </Button>
    </>
  )
}

// Parts of an analysis that could not be done, by code (docs/product.md §12); the rest of it stands.
const SPECIFICS_GAP_WORDS = `${CATALOG_NAME}'s item specifics could not be filled in just now: the Post to ${CATALOG_NAME} dialog will ask for what ${CATALOG_NAME} needs.`

export function AiStatus({ view }: { view: DraftView }) {
  const { draft, entries } = view
  useFailureToast(draft.aiGaveUp)
  const waiting = aiRetryOf(entries)
  // Keyed by the next attempt: each new wait mounts afresh and counts from now.
  if (waiting)
    return <AiRetryNotice key={`${waiting.id}-${waiting.nextAttemptAt}`} draftId={draft.id} waiting={waiting} />
  if (draft.analysis?.source === 'measured') {
    return (
      <div role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        <p className="font-semibold">Colour measured from the photo: check it.</p>
        {draft.analysis.notice && <p className="mt-1">{draft.analysis.notice}</p>}
      </div>
    )
  }
  const gaveUp = draft.aiGaveUp && GAVE_UP[draft.aiGaveUp]
  if (gaveUp)
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {gaveUp}
      </p>
    )
  if (draft.analysis?.gaps?.includes(SPECIFICS_GAP))
    return (
      <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
        {SPECIFICS_GAP_WORDS}
      </p>
    )
  return null
}
