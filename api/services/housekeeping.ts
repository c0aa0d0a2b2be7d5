// Removes what has run its course: expired sessions, spent rate-limit windows, finished marketplace authorizations
// outbox mail older than a day (it holds reset links), the marks of finished background jobs, what each marketplace's
// wing keeps for a while (its purgeExpired) and sellers' photo analyses past their hours; and keeps the
// listings' visibility map, which the Dashboard's counts read (api/db/listing-search.ts). An hourly job on the durable
// queue (job-registry.ts), so with several API processes one of them runs it.
import { purgeChanges } from '../db/change-events.ts'
import type { Sql } from '../db/client.ts'
import { vacuumListings } from '../db/listing-search.ts'
import { vacuumSales } from '../db/marketplace-sales.ts'
import { purgeAnalyses } from '../db/photo-analyses.ts'
import { deleteOldFinishedJobs } from '../db/finished-jobs.ts'
import { deleteOldMail } from '../db/mail-outbox.ts'
import { deleteFinishedStates } from '../db/oauth-states.ts'
import { deleteExpiredCounters } from '../db/rate-limits.ts'
import { deleteExpiredSessions } from '../db/sessions.ts'
import { SESSION_MAX_DAYS } from './accounts/sessions.ts'
import { ANALYSIS_REUSE_MS } from './listings/analysis-reuse.ts'
import { MARKETPLACE_MODULES, type MarketplaceModule } from './marketplace-modules.ts'

/** How long the mail outbox keeps a mail. */
export const OUTBOX_KEEP_HOURS = 24
/** How long a finished job's mark is kept: far beyond its last retry (job-retry.ts). */
const FINISHED_JOB_KEEP_HOURS = 24
/** How long the change log keeps a change (docs/decisions/0034): a screen away longer reloads its lists. */
export const CHANGE_LOG_KEEP_HOURS = 24
export const PURGE_JOB = 'purge-expired'

export interface PurgeCounts {
  sessions: number
  rateLimits: number
  oauthStates: number
  outboxMail: number
  finishedJobs: number
  /** What the marketplaces' wings kept for a while. */
  marketplaceKept: number
  photoAnalyses: number
  changeEvents: number
}

async function purgeMarketplaceKept(sql: Sql): Promise<number> {
  let purged = 0
  for (const module of Object.values<MarketplaceModule>(MARKETPLACE_MODULES))
    purged += (await module.purgeExpired?.(sql)) ?? 0
  return purged
}

export async function purgeExpired(sql: Sql): Promise<PurgeCounts> {
  await vacuumListings(sql)
  await vacuumSales(sql)
  return {
    sessions: await deleteExpiredSessions(sql, SESSION_MAX_DAYS),
    rateLimits: await deleteExpiredCounters(sql),
    oauthStates: await deleteFinishedStates(sql),
    outboxMail: await deleteOldMail(sql, OUTBOX_KEEP_HOURS),
    finishedJobs: await deleteOldFinishedJobs(sql, FINISHED_JOB_KEEP_HOURS),
    marketplaceKept: await purgeMarketplaceKept(sql),
    photoAnalyses: await purgeAnalyses(sql, ANALYSIS_REUSE_MS),
    changeEvents: await purgeChanges(sql, CHANGE_LOG_KEEP_HOURS),
  }
}
