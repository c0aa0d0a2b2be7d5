// Removes what has run its course: expired sessions, spent rate-limit windows, finished marketplace authorizations
// and outbox mail older than a day (it holds reset links). One function, run by a timer in server.ts; a durable job
// queue can call the same function later.
import type { Sql } from '../db/client.ts'
import { deleteOldMail } from '../db/mail-outbox.ts'
import { deleteFinishedStates } from '../db/oauth-states.ts'
import { deleteExpiredCounters } from '../db/rate-limits.ts'
import { deleteExpiredSessions } from '../db/sessions.ts'
import { SESSION_MAX_DAYS } from './sessions.ts'

/** How long the mail outbox keeps a mail. */
export const OUTBOX_KEEP_HOURS = 24
const HOUR_MS = 60 * 60 * 1000

export interface PurgeCounts {
  sessions: number
  rateLimits: number
  oauthStates: number
  outboxMail: number
}

export async function purgeExpired(sql: Sql): Promise<PurgeCounts> {
  return {
    sessions: await deleteExpiredSessions(sql, SESSION_MAX_DAYS),
    rateLimits: await deleteExpiredCounters(sql),
    oauthStates: await deleteFinishedStates(sql),
    outboxMail: await deleteOldMail(sql, OUTBOX_KEEP_HOURS),
  }
}

/**
 * Runs purge now and then every hour until the returned stop is called. The timer never keeps the process alive, and
 * a failed run (the database away, say) is logged and tried again at the next hour.
 */
export function schedulePurge(purge: () => Promise<unknown>, everyMs = HOUR_MS, logError: (message: string, error: unknown) => void = console.error): () => void {
  const run = () => void purge().catch((error: unknown) => logError('Purging expired sessions, limits and mail failed:', error))
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
