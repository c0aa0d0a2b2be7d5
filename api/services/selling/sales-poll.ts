// One read of a seller's sales on a marketplace, from where the last one started less the marketplace's overlap (a sale
// reaches its listing of orders a little after it is made, and clocks differ). The next read starts where this one
// did, so a sale made while it runs is not missed; a read that fails moves nothing, and its job is retried.
import type { Platform } from '../../contract/marketplace-paths.ts'
import type { Sql } from '../../db/client.ts'
import * as polls from '../../db/sales-polls.ts'

export interface SalesRead {
  sql: Sql
  userId: number
  marketplace: Platform
  overlapMs: number
  /** Reads and applies the sales made since `from`; answers how many were new. */
  applySince: (from: Date) => Promise<number>
  /** A grant from before Snaplist asked to read sales: nothing to retry until the seller connects again. */
  lacksScope: (error: unknown) => boolean
}

export async function readSalesSince({ sql, userId, marketplace, overlapMs, applySince, lacksScope }: SalesRead) {
  const since = await polls.findPolledUntil(sql, userId, marketplace)
  if (!since) return 0
  const startedAt = new Date()
  let applied: number
  try {
    applied = await applySince(new Date(since.getTime() - overlapMs))
  } catch (error) {
    if (lacksScope(error)) return 0
    throw error
  }
  await polls.savePolledUntil(sql, userId, marketplace, startedAt)
  return applied
}
