// The signed-in app's one stream of its seller's changes (GET /api/events, docs/decisions/0034): each change updates
// the query cache, and a sale says so in a toast (a warning when it sold a piece that was not there). EventSource
// reconnects by itself after a drop and resumes after the last id it had (Last-Event-ID); when it gives up (the server
// refused) or the phone goes offline, a new one is opened once the phone is online, after the last change this page had.
// Too far behind for a catch-up, the page reads its lists again; replaced by a newer stream of the seller (each has a
// cap), it reopens only when looked at again.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { EVENTS_BEHIND, EVENTS_READY, EVENTS_REPLACED, type LiveEvent } from '../../api/contract/events.ts'
import { SOLD_ON_LABELS } from '../../api/contract/listing-status.ts'
import { soldTwiceWords } from '../../api/contract/push-message.ts'
import { api } from '../lib/api.ts'
import { notify } from '../lib/notify.tsx'
import { firstTelling } from '../lib/sales-told.ts'
import { isSigningOut, onSigningOut } from '../lib/signing-out.ts'
import { applyLiveEvents, reloadAfterGap } from '../queries/live-event-cache.ts'
import { currentUserQuery } from '../queries/session-queries.ts'

/** How long after EventSource gave up a new stream is tried while online: doubling each time, up to the most. */
const REOPEN_MS = 5_000
const REOPEN_MAX_MS = 5 * 60_000

const dollars = (price: number) => `$${Number.isInteger(price) ? price : price.toFixed(2)}`

type SaleEvent = Extract<LiveEvent, { kind: 'listing-sold' }>

/** "Sold: Red wool jacket — $37 on <marketplace>" (issue 30). */
export function saleToast(event: SaleEvent): string {
  const { marketplace, price, quantity, where } = event.data
  const what = `${quantity > 1 ? `${quantity} × ` : ''}${event.listing?.title ?? 'a listing'}`
  const place =
    marketplace === 'elsewhere' ? (where ? `at ${where}` : 'elsewhere') : `on ${SOLD_ON_LABELS[marketplace]}`
  return `Sold: ${what} — ${price === null ? '' : `${dollars(price)} `}${place}`
}

/**
 * A marketplace's sale, told once: green for a sale, a warning for one beyond the stock (sold twice), which is an
 * order to cancel rather than money made (docs/decisions/0056).
 */
function tellSale(event: SaleEvent) {
  const { marketplace, price, short } = event.data
  if (short === 0) return notify(saleToast(event), undefined, 'success')
  const priceCents = price === null ? null : Math.round(price * 100)
  const words = soldTwiceWords({ title: event.listing?.title ?? 'a listing', priceCents, soldOn: marketplace })
  notify(words.title, words.body, 'warning')
}

/** Opens the stream while a seller is signed in; another seller signing in on this phone gets a stream of their own. */
export function useLiveEvents() {
  const queryClient = useQueryClient()
  const userId = useQuery(currentUserQuery).data?.id
  useEffect(() => {
    // Mounted while the seller is signing out (its code still loading when they tapped Logout): nothing to open.
    if (userId === undefined || typeof EventSource === 'undefined' || isSigningOut()) return
    let source: EventSource | undefined
    let lastId: string | undefined
    let retry: ReturnType<typeof setTimeout> | undefined
    let wait = REOPEN_MS
    // A newer stream took this one's place: opening again now would take that one's in turn.
    let replaced = false
    let arrived: LiveEvent[] = []
    let flush: ReturnType<typeof setTimeout> | undefined
    const applyArrived = () => {
      const events = arrived
      arrived = []
      applyLiveEvents(queryClient, events)
    }
    const open = () => {
      clearTimeout(retry)
      source?.close()
      // The typed client names the route (EventSource cannot take its fetch): /api/events, after the last id had.
      source = new EventSource(api.events.$path({ query: lastId ? { after: lastId } : {} }))
      source.addEventListener(EVENTS_READY, (message) => {
        lastId = (message as MessageEvent).lastEventId || lastId
        wait = REOPEN_MS
      })
      source.addEventListener(EVENTS_BEHIND, () => reloadAfterGap(queryClient))
      source.addEventListener(EVENTS_REPLACED, () => {
        replaced = true
        source?.close()
      })
      source.onmessage = (message: MessageEvent<string>) => {
        lastId = message.lastEventId || lastId
        const event = JSON.parse(message.data) as LiveEvent
        // Applied with the others that arrive in the same moment (a catch-up is many): one redraw for them all.
        if (arrived.push(event) === 1) flush = setTimeout(applyArrived, 0)
        // A sale the seller recorded themselves (sold elsewhere) is news to nobody; one a marketplace made is, once.
        if (
          event.kind === 'listing-sold' &&
          event.data.marketplace !== 'elsewhere' &&
          firstTelling(message.lastEventId)
        )
          tellSale(event)
        // A sale the marketplace cancelled: the row is live again (the cache took the listing from the event).
        if (event.kind === 'sale-cancelled' && event.data.restocked > 0 && firstTelling(message.lastEventId))
          notify(`Sale cancelled: ${event.listing?.title ?? 'a listing'} is back in stock`, undefined, 'success')
      }
      source.onerror = () => {
        // CONNECTING: EventSource is retrying by itself. CLOSED: it gave up; try again later, while online.
        if (source?.readyState !== EventSource.CLOSED) return
        // Refused, maybe because the session ended: asking who is signed in takes a signed-out page to sign-in.
        void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
        retry = setTimeout(reopenIfOnline, wait)
        wait = Math.min(wait * 2, REOPEN_MAX_MS)
      }
    }
    const reopenIfOnline = () => {
      if (navigator.onLine && !replaced) open()
    }
    // Offline, the connection is dead even where the browser has not noticed yet (a phone out of signal can hold it for
    // minutes): closed now, and opened again when back online, catching up from lastId.
    const onOffline = () => {
      clearTimeout(retry)
      source?.close()
    }
    const onOnline = () => {
      if (source?.readyState === EventSource.CLOSED && !replaced) open()
    }
    // The seller looks at this page again: its stream takes its place back.
    const onVisible = () => {
      if (document.visibilityState !== 'visible' || !replaced) return
      replaced = false
      reopenIfOnline()
    }
    window.addEventListener('offline', onOffline)
    window.addEventListener('online', onOnline)
    document.addEventListener('visibilitychange', onVisible)
    const stop = () => {
      window.removeEventListener('offline', onOffline)
      window.removeEventListener('online', onOnline)
      document.removeEventListener('visibilitychange', onVisible)
      clearTimeout(retry)
      source?.close()
    }
    // The session is about to end: the stream closes now, before a reconnect could be refused.
    const stopOnSignOut = onSigningOut(stop)
    open()
    return () => {
      stopOnSignOut()
      stop()
      clearTimeout(flush)
    }
  }, [userId, queryClient])
}
