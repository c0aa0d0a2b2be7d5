// GET /api/events: the signed-in seller's changes, as server-sent events, for as long as the app keeps it open
// (docs/decisions/0034). It resumes after Last-Event-ID (sent by EventSource when it reconnects) or ?after=.
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { AppEnv } from '../app-env.ts'
import { EVENTS_BEHIND, EVENTS_READY, EVENTS_REPLACED, EventsQuerySchema } from '../contract/events.ts'
import { requireUser } from '../middleware/session.ts'
import type { SessionService } from '../services/accounts/sessions.ts'
import type { LiveStreams } from '../services/events/live-stream.ts'
import { valid } from '../validate.ts'

/** A Last-Event-ID this server could have sent; anything else starts the stream from now, as a first connection. */
const changeId = (header: string | undefined) => (header && /^\d{1,18}$/.test(header) ? header : undefined)

export function eventRoutes(streams: LiveStreams, sessions: Pick<SessionService, 'holds'>) {
  return new Hono<AppEnv>().get('/events', valid('query', EventsQuerySchema), (c) => {
    const user = requireUser(c)
    const token = c.get('sessionToken')!
    const after = changeId(c.req.header('last-event-id')) ?? c.req.valid('query').after
    // Counted before anything is read for it: a process holding its streams refuses with 503.
    const slot = streams.admit(user.id, token)
    // Not buffered by a proxy in front (nginx): each event must leave at once.
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (sse) => {
      const closed = new Promise<void>((resolve) => sse.onAbort(resolve))
      await streams.stream(
        user.id,
        after,
        {
          ready: (id) => sse.writeSSE({ event: EVENTS_READY, id, data: '' }),
          change: ({ id, kind, listingId, listing, data }) =>
            sse.writeSSE({ id, data: JSON.stringify({ kind, listingId, listing, data }) }),
          behind: () => sse.writeSSE({ event: EVENTS_BEHIND, data: '' }),
          replaced: () => sse.writeSSE({ event: EVENTS_REPLACED, data: '' }),
          keepAlive: () => sse.write(': keep-alive\n\n').then(() => undefined),
          signedIn: () => sessions.holds(token),
          closed,
        },
        slot,
      )
    })
  })
}
