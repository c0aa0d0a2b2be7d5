// One open app's stream of its seller's changes (GET /api/events, docs/decisions/0034): first what it missed since the
// id it names (the log, kept a day), at most replayMax changes, then each change as the feed hears of it, in one order,
// none twice. Further behind than that, it is told to read its lists again instead (issue 46 G4).
import type { Sql } from '../../db/client.ts'
import * as changes from '../../db/change-events.ts'
import type { ChangeRow } from '../../db/change-events.ts'
import type { ChangeFeed } from './change-feed.ts'
import { createStreamCaps, STREAM_CAPS, type StreamCaps, type StreamSlot } from './stream-caps.ts'

/** Where a stream's messages go (the SSE writer); every write finishes before the next starts. */
export interface StreamSink {
  /** The first message: the id the stream starts after, so a reconnect resumes from it even if nothing happens. */
  ready(id: string): Promise<void>
  change(row: ChangeRow): Promise<void>
  /** Too far behind to catch up (more to send than a replay sends, or the log purged past it): read the lists again. */
  behind(): Promise<void>
  /** A newer stream of the same session or seller took this one's place: the last message. */
  replaced(): Promise<void>
  /** A comment that keeps proxies and phones from closing a quiet connection. */
  keepAlive(): Promise<void>
  /** Whether the session the stream was opened with still holds: signed out (here or elsewhere), the stream ends. */
  signedIn(): Promise<boolean>
  /** Resolves when the app closed the connection. */
  closed: Promise<void>
}

/**
 * The streams' caps, and (EVENT_REPLAY_MAX) the most changes a catch-up sends: further behind, the app reads its lists
 * again.
 */
export interface EventStreamLimits extends StreamCaps {
  replayMax: number
}

export const EVENT_STREAM_LIMITS: EventStreamLimits = { ...STREAM_CAPS, replayMax: 100 }
// A new stream (no id to resume from) starts with the seller's changes of these last seconds: the app opens it a
// moment after reading its lists, and a change in between would otherwise show only on a reload. Sending a change
// the lists already had changes nothing.
const NEW_STREAM_REPLAY_SECONDS = 15
const KEEP_ALIVE_MS = 25_000

export interface LiveStreamOptions {
  sql: Sql
  feed: ChangeFeed
  itemUrl: string
  /** How often a quiet stream sends a comment and checks its session; 25 s when not given. */
  keepAliveMs?: number
  /** EVENT_STREAM_LIMITS when not given. */
  limits?: EventStreamLimits
}

export interface LiveStreams {
  /** A place for a stream of the seller's session (before anything is read for it); 503 when the process is full. */
  admit(userId: number, session: string): StreamSlot
  /**
   * Streams the seller's changes after `after` (now when undefined) into the sink until it closes, its session ends
   * or a newer stream replaces it; its slot is released then.
   */
  stream(userId: number, after: string | undefined, sink: StreamSink, slot: StreamSlot): Promise<void>
}

export function createLiveStreams({
  sql,
  feed,
  itemUrl,
  keepAliveMs = KEEP_ALIVE_MS,
  limits = EVENT_STREAM_LIMITS,
}: LiveStreamOptions): LiveStreams {
  const places = createStreamCaps(limits)
  return {
    admit: (userId: number, session: string): StreamSlot => places.admit(userId, session),

    async stream(userId: number, after: string | undefined, sink: StreamSink, slot: StreamSlot): Promise<void> {
      // Heard while catching up: sent after the catch-up, without the ones it already sent.
      let heard: ChangeRow[] | undefined = []
      let writing = Promise.resolve()
      const sent = new Set<string>()
      const write = (row: ChangeRow) => {
        writing = writing.then(() => sink.change(row)).catch(() => undefined)
      }
      const stop = await feed
        .subscribe(userId, (row) => (heard ? heard.push(row) : write(row)))
        .catch((error: unknown) => {
          slot.release()
          throw error
        })
      try {
        const start = after ?? (await changes.startOfRecentChanges(sql, userId, NEW_STREAM_REPLAY_SECONDS))
        // Only a position the app brought can be older than the log; the server's own start never is.
        const behind = await changes.farBehind(sql, userId, start, limits.replayMax, after !== undefined)
        await sink.ready(behind ?? start)
        if (behind) await sink.behind()
        else {
          for (const row of await changes.changesAfter(sql, itemUrl, userId, start, limits.replayMax)) {
            sent.add(row.id)
            write(row)
          }
        }
        for (const row of heard) if (!sent.has(row.id)) write(row)
        heard = undefined
        let signedOut = () => {}
        const ended = new Promise<void>((resolve) => (signedOut = resolve))
        const timer = setInterval(() => {
          writing = writing
            .then(async () => ((await sink.signedIn()) ? sink.keepAlive() : signedOut()))
            .catch(() => undefined)
        }, keepAliveMs)
        const replaced = slot.replaced.then(() => true)
        if (await Promise.race([sink.closed, ended, replaced])) {
          writing = writing.then(() => sink.replaced()).catch(() => undefined)
          await writing
        }
        clearInterval(timer)
      } finally {
        stop()
        slot.release()
      }
    },
  }
}
