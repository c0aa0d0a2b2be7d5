// Hears of every change written to the log, by any API process, and hands each to this process's open streams of its
// seller (docs/decisions/0034). The log in Postgres is the truth; this only wakes the streams. On a Postgres server it
// LISTENs (a change is announced at its commit); embedded PGlite is one session that cannot hold a listening
// connection beside the app's, and one process, so there it reads the log's new rows a few times a second. It runs
// only while a stream is open: one query per change (or per poll) for the whole process, not one per stream.
import type { Sql } from '../../db/client.ts'
import * as changes from '../../db/change-events.ts'
import type { ChangeRow } from '../../db/change-events.ts'

export type ChangeListener = (change: ChangeRow) => void

export interface ChangeFeedOptions {
  sql: Sql
  /** Where buyers see a listing, for the listing each change carries (specItemUrl, services/marketplace-wings.ts). */
  itemUrl: string
  /** 'listen' on a Postgres server, 'poll' on PGlite (see above). */
  mode: 'listen' | 'poll'
  pollMs?: number
}

const POLL_MS = 200
const POLL_BATCH = 500

export interface ChangeFeed {
  /**
   * Hands the seller's changes to `listener` from when the promise resolves (every change committed after it) until
   * the returned stop is called. What was committed before, the stream reads from the log itself.
   */
  subscribe(userId: number, listener: ChangeListener): Promise<() => void>
  /** How many streams this process holds (the benchmark). */
  readonly open: number
}

export function createChangeFeed({ sql, itemUrl, mode, pollMs = POLL_MS }: ChangeFeedOptions): ChangeFeed {
  const listeners = new Map<number, Set<ChangeListener>>()
  let count = 0
  let running: Promise<() => Promise<void>> | undefined

  function hand(rows: ChangeRow[]) {
    for (const row of rows) for (const listener of listeners.get(row.userId) ?? []) listener(row)
  }

  async function startListening(): Promise<() => Promise<void>> {
    let announced: string[] = []
    let reading = Promise.resolve()
    // Announcements arriving together are read with one query; reads stay in order.
    const readAnnounced = () => {
      const ids = announced
      announced = []
      if (ids.length === 0) return
      reading = reading
        .then(() => changes.changesByIds(sql, itemUrl, ids))
        .then(hand)
        .catch((error: unknown) => console.error('Could not read announced changes', error))
    }
    const { unlisten } = await sql.listen(await changes.changeChannel(sql), (id) => {
      if (announced.push(id) === 1) setImmediate(readAnnounced)
    })
    return unlisten
  }

  async function startPolling(): Promise<() => Promise<void>> {
    let after = await changes.lastChangeId(sql)
    let busy = false
    const timer = setInterval(() => {
      if (busy) return
      busy = true
      changes
        .everyChangeAfter(sql, itemUrl, after, POLL_BATCH)
        .then((rows) => {
          if (rows.length) after = rows.at(-1)!.id
          hand(rows)
        })
        .catch((error: unknown) => console.error('Could not read the change log', error))
        .finally(() => (busy = false))
    }, pollMs)
    timer.unref()
    return async () => clearInterval(timer)
  }

  return {
    async subscribe(userId: number, listener: ChangeListener): Promise<() => void> {
      const own = listeners.get(userId) ?? new Set()
      listeners.set(userId, own.add(listener))
      count += 1
      running ??= mode === 'listen' ? startListening() : startPolling()
      const started = running
      const stop = () => {
        if (!own.delete(listener)) return
        if (own.size === 0) listeners.delete(userId)
        count -= 1
        // The last stream closed: stop listening (or polling) until another opens.
        if (count === 0 && running === started) {
          running = undefined
          void started.then((end) => end()).catch(() => undefined)
        }
      }
      try {
        await started
      } catch (error) {
        if (running === started) running = undefined
        stop()
        throw error
      }
      return stop
    },
    get open() {
      return count
    },
  }
}
