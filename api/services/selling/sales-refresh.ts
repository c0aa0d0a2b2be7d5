// The seller's Dashboard opened: their sales on a marketplace are read at once (a job) rather than at the next poll, so
// a sale shows when they look, not minutes later. At most once per REFRESH_INTERVAL_SECONDS whoever asks (tabs and
// reloads do not multiply the marketplace's calls), and only while their grant there works.
import type { Platform } from '../../contract/marketplace-paths.ts'
import type { Sql, Tx } from '../../db/client.ts'
import { hasWorkingGrant } from '../../db/marketplace-connections.ts'
import * as counters from '../../db/rate-limits.ts'

/** The shortest time between two reads a seller's Dashboard asks for. */
export const REFRESH_INTERVAL_SECONDS = 15

export interface SalesRefreshDeps {
  sql: Sql
  platform: Platform
  /** Queues the seller's read there, in the transaction that counted the ask. */
  queueRead: (tx: Tx, userId: number) => Promise<void>
}

/** Answers false when nothing was queued: asked just before, or not connected there. */
export function salesRefresh({ sql, platform, queueRead }: SalesRefreshDeps) {
  return (userId: number): Promise<boolean> =>
    sql.begin(async (tx) => {
      if (!(await hasWorkingGrant(tx, userId, platform))) return false
      // Counted in one statement, as every limit is: two tabs asking at once queue one read.
      const [asked] = await counters.hitCounters(tx, [
        { name: `${platform}-sales-refresh`, subject: String(userId), windowSeconds: REFRESH_INTERVAL_SECONDS },
      ])
      if (asked!.hits > 1) return false
      await queueRead(tx, userId)
      return true
    })
}
