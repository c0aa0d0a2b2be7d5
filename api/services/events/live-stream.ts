// One open app's stream of its seller's changes (GET /api/events, docs/decisions/0034): first what it missed since the
// id it names (the log, kept a day), then each change as the feed hears of it, in one order, none twice.
import type { Sql } from '../../db/client.ts'
import * as changes from '../../db/change-events.ts'
import type { ChangeRow } from '../../db/change-events.ts'
import type { ChangeFeed } from './change-feed.ts'

/** Where a stream's messages go (the SSE writer); every write finishes before the next starts. */
export interface StreamSink {
  /** The first message: the id the stream starts after, so a reconnect resumes from it even if nothing happens. */
  ready(id: string): Promise<void>
  change(row: ChangeRow): Promise<void>
  /** A comment that keeps proxies and phones from closing a quiet connection. */
  keepAlive(): Promise<void>
  /** Whether the session the stream was opened with still holds: signed out (here or elsewhere), the stream ends. */
  signedIn(): Promise<boolean>
  /** Resolves when the app closed the connection. */
  closed: Promise<void>
}

const CATCH_UP_BATCH = 200
// A new stream (no id to resume from) starts with the seller's changes of these last seconds: the app opens it a
// moment after reading its lists, and a change in between would otherwise show only on a reload. Sending a change
// the lists already had changes nothing.
const NEW_STREAM_REPLAY_SECONDS = 15
const KEEP_ALIVE_MS = 25_000

export interface LiveStreamOptions {
  sql: Sql
  feed: ChangeFeed
  ebayItemUrl: string
  /** How often a quiet stream sends a comment and checks its session; 25 s when not given. */
  keepAliveMs?: number
}

export function createLiveStreams({ sql, feed, ebayItemUrl, keepAliveMs = KEEP_ALIVE_MS }: LiveStreamOptions) {
  return {
    /** Streams the seller's changes after `after` (now when undefined) into the sink until it closes. */
    async stream(userId: number, after: string | undefined, sink: StreamSink): Promise<void> {
      // Heard while catching up: sent after the catch-up, without the ones it already sent.
      let held: ChangeRow[] | undefined = []
      let writing = Promise.resolve()
      const sent = new Set<string>()
      const write = (row: ChangeRow) => {
        writing = writing.then(() => sink.change(row)).catch(() => undefined)
      }
      const stop = await feed.subscribe(userId, (row) => (held ? held.push(row) : write(row)))
      try {
        let from = after ?? (await changes.startOfRecentChanges(sql, userId, NEW_STREAM_REPLAY_SECONDS))
        await sink.ready(from)
        for (;;) {
          const missed = await changes.changesAfter(sql, ebayItemUrl, userId, from, CATCH_UP_BATCH)
          for (const row of missed) {
            sent.add(row.id)
            write(row)
          }
          if (missed.length < CATCH_UP_BATCH) break
          from = missed.at(-1)!.id
        }
        for (const row of held) if (!sent.has(row.id)) write(row)
        held = undefined
        let signedOut = () => {}
        const ended = new Promise<void>((resolve) => (signedOut = resolve))
        const timer = setInterval(() => {
          writing = writing
            .then(async () => ((await sink.signedIn()) ? sink.keepAlive() : signedOut()))
            .catch(() => undefined)
        }, keepAliveMs)
        await Promise.race([sink.closed, ended])
        clearInterval(timer)
      } finally {
        stop()
      }
    },
  }
}

export type LiveStreams = ReturnType<typeof createLiveStreams>
