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

/**
 * What `read` answers, or undefined when the seller's grant predates the scope it needs (lacksScope): every read of
 * sales, from a poll or a push, has nothing to retry until the seller connects again.
 */
export async function unlessScopeLacks<T>(lacksScope: (error: unknown) => boolean, read: () => Promise<T>) {
  try {
    return await read()
  } catch (error) {
    if (lacksScope(error)) return undefined
    throw error
  }
}

export async function readSalesSince({ sql, userId, marketplace, overlapMs, applySince, lacksScope }: SalesRead) {
  const since = await polls.findPolledUntil(sql, userId, marketplace)
  if (!since) return 0
  const startedAt = new Date()
  const applied = await unlessScopeLacks(lacksScope, () => applySince(new Date(since.getTime() - overlapMs)))
  // Nothing was read: where the next read starts does not move.
  if (applied === undefined) return 0
  await polls.savePolledUntil(sql, userId, marketplace, startedAt)
  return applied
}
