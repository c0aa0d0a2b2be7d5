// What the form does once the draft (or Keep mine's edit) is in the outbox: while online it waits for the server's
// answer and then goes to the Dashboard (or back to the Dashboard after a while, the draft still syncing); offline it
// goes back at once; in a haul's review the next item opens while the listing is created in the background.
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { backToDashboard } from '../../lib/dashboard-view.ts'
import { notify } from '../../lib/notify.tsx'
import type { Draft } from '../../offline/db.ts'
import { listingKeys } from '../../queries/listing-queries.ts'

// How long Create Listing waits for the server while online before handing over to background sync.
const CONFIRM_TIMEOUT_MS = 20_000
const SAVED_OFFLINE = 'Saved on this phone — it will sync when you are back online'

export function useSendDraft({
  draft,
  done,
  onReviewed,
}: {
  draft: Draft | undefined
  /** What the seller is told once the server has the listing. */
  done: string
  /** In a haul's review: the item is handed over, the next one opens. */
  onReviewed: (() => void) | undefined
}) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [submitted, setSubmitted] = useState(false)

  const state = draft?.state
  const failure = draft?.error
  const conflict = Boolean(draft?.conflict)
  const waitingForServer = submitted && state === 'queued'
  useEffect(() => {
    if (!submitted) return
    if (state === 'done') {
      void queryClient.invalidateQueries({ queryKey: listingKeys.all })
      notify(done, undefined, 'success')
      void navigate(backToDashboard())
    } else if (state === 'failed' && !conflict) {
      notify('Error', failure, 'error')
    }
  }, [submitted, state, failure, navigate, queryClient, done, conflict])

  useEffect(() => {
    if (!waitingForServer) return
    const timer = setTimeout(() => {
      notify('Saved on this phone', 'It will appear on your Dashboard as soon as it has synced.', 'info')
      void navigate(backToDashboard())
    }, CONFIRM_TIMEOUT_MS)
    return () => clearTimeout(timer)
  }, [waitingForServer, navigate])

  /** The draft is in the outbox: wait for the server while online, else go back at once. */
  async function sent() {
    // In a review the listing is created in the background, online or not, while the seller checks the next item.
    if (onReviewed) return onReviewed()
    if (navigator.onLine) return setSubmitted(true)
    notify(SAVED_OFFLINE, undefined, 'info')
    await navigate(backToDashboard())
  }

  return { waitingForServer, sent }
}
