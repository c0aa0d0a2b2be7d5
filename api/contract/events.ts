// What GET /api/events sends each open app of a seller (issue 30, docs/decisions/0034): one server-sent event per change
// to their listings, in the change log's order. Each carries the listing as GET /api/listings answers it, read when the
// event is sent, so the app updates its cache from the event itself and fetches nothing.
import * as v from 'valibot'
import type { Listing, SoldOn } from './listing.ts'
import type { Platform } from './marketplace-paths.ts'

/** Every kind of change the log holds, and what each adds beside the listing. */
export interface LiveEventData {
  /** A sale applied to the listing (any marketplace, or recorded as made elsewhere). */
  'listing-sold': {
    marketplace: SoldOn
    quantity: number
    /** The price of one piece, in dollars; null when the sale did not say. */
    price: number | null
    /** Pieces left after it, and those it lacked (sold twice when above 0). */
    left: number
    short: number
    where: string | null
  }
  /** The marketplace cancelled a sale applied before: `restocked` pieces went back, `left` are for sale now. */
  'sale-cancelled': { marketplace: SoldOn; restocked: number; left: number }
  'listing-created': Record<string, never>
  'listing-edited': Record<string, never>
  /** Deleted, or marked for deletion while it is ended on a marketplace: it has left the Dashboard either way. */
  'listing-deleted': Record<string, never>
  /** A change sent to a marketplace (an edit, a sale elsewhere) finished there; `refusal` is its words when it refused. */
  'revision-finished': { marketplace: Platform; refusal: string | null }
  /** One listing of a bulk post was posted or refused. */
  'bulk-post-progress': { bulkPostId: number; status: 'posted' | 'refused'; message: string | null }
  /** A chunk of a bulk action finished (docs/decisions/0038): how many of its listings are finished so far. */
  'bulk-action-progress': { bulkActionId: number; finished: number; total: number }
  /** The marketplace refused the seller's connection: they must connect it again. */
  'connection-needs-renewal': { platform: Platform }
}

export type LiveEventKind = keyof LiveEventData

/** The data of one server-sent event; its SSE id is the change log's id, which Last-Event-ID resumes after. */
export type LiveEvent = {
  [Kind in LiveEventKind]: {
    kind: Kind
    listingId: number | null
    /** The listing as it is now; null when it is gone (deleted) or the change is about no listing. */
    listing: Listing | null
    data: LiveEventData[Kind]
  }
}[LiveEventKind]

/** The SSE event name of the first message: the log's position the stream starts after (its id), nothing else. */
export const EVENTS_READY = 'ready'
/**
 * Sent after `ready` instead of a catch-up when the app is too far behind (more changes than a replay sends, or older
 * than the log): the app reads what it shows again, then goes on from `ready`'s id.
 */
export const EVENTS_BEHIND = 'behind'
/**
 * The stream's last message when a newer one of the same session or seller took its place (each has a cap): the app
 * does not reconnect at once, but when the page is looked at again.
 */
export const EVENTS_REPLACED = 'replaced'

/**
 * Where a new stream starts: after this change log id. EventSource resends the last id it had as Last-Event-ID by
 * itself; an app opening a new stream (back online after it closed) names it here.
 */
export const EventsQuerySchema = v.object({
  after: v.optional(v.pipe(v.string(), v.regex(/^\d{1,18}$/, 'after must be a change id'))),
})
