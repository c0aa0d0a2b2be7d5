// Learning of sales on Etsy (docs/decisions/0033): every ETSY_SALES_POLL_MINUTES (15 unless set) each connected shop's
// paid receipts changed since the last read started, less the overlap, are read, and each transaction applied once
// (receipts.ts); the revisions whose job was lost are queued again on the way.
import * as connections from '../../db/marketplace-connections.ts'
import type { Sql } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { readSalesSince, unlessScopeLacks } from '../selling/sales-poll.ts'
import { salesRefresh } from '../selling/sales-refresh.ts'
import { ETSY_OVERLAP_MS, type EtsyReceipts } from './receipts.ts'
import type { EtsyRevisions } from './revisions.ts'

export const ETSY_SALES_POLL_JOB = 'etsy-sales-poll'
export const ETSY_SELLER_SALES_JOB = 'etsy-seller-sales'

/** One seller's read: from the last read on, or only the receipt a push named (sales-push.ts). */
export interface EtsySalesRead {
  userId: number
  receiptId?: number
}

export interface EtsySalesDeps {
  sql: Sql
  jobs: JobQueue
  receipts: EtsyReceipts
  revisions: EtsyRevisions
  connectionService: MarketplaceConnectionService
}

/** A grant from before Snaplist asked to read receipts: nothing to retry until the seller connects again. */
const lacksScope = (error: unknown) => error instanceof AppError && error.code === 'etsy_reconnect_needed'

/** Etsy's sales read: by the seller's poll or a push naming a receipt, on the schedule, and when the Dashboard opens. */
export interface EtsySales {
  /** Reads the seller's new receipts (or the one a push named) and applies their sales; answers how many. */
  pollSeller(read: EtsySalesRead): Promise<number>
  /** Queues a read for every connected shop, and resumes the revisions whose job was lost. */
  pollAll(): Promise<void>
  /** Queues the seller's read at once; false when nothing was queued (asked moments ago, not connected). */
  refresh(userId: number): Promise<boolean>
}

export function createEtsySales({ sql, jobs, receipts, revisions, connectionService }: EtsySalesDeps): EtsySales {
  /**
   * Reads the seller's receipts since the last read (less the overlap), or the one receipt a push named, and applies
   * the new sales; answers how many.
   */
  async function pollSeller({ userId, receiptId }: EtsySalesRead): Promise<number> {
    const shopId = (await connections.findConnection(sql, userId, 'etsy'))?.accountId
    if (!shopId) return 0
    if (receiptId !== undefined) {
      const read = await unlessScopeLacks(lacksScope, () =>
        connectionService.call(userId, 'etsy', (token) => receipts.applyOne(token, userId, shopId, receiptId)),
      )
      return read?.applied ?? 0
    }
    return readSalesSince({
      sql,
      userId,
      marketplace: 'etsy',
      overlapMs: ETSY_OVERLAP_MS,
      applySince: async (from) =>
        (await connectionService.call(userId, 'etsy', (token) => receipts.applySince(token, userId, shopId, from)))
          .applied,
      lacksScope,
    })
  }

  /** On the schedule: one job per connected shop (a failure stays that seller's), and the revisions whose job was lost. */
  async function pollAll(): Promise<void> {
    for (const { userId } of await connections.listWorkingGrants(sql, 'etsy'))
      await jobs.send(ETSY_SELLER_SALES_JOB, { userId })
    await revisions.resumeStalled()
  }

  /** The seller's Dashboard opened: their receipts are read at once (selling/sales-refresh.ts). */
  const refresh = salesRefresh({
    sql,
    platform: 'etsy',
    queueRead: (tx, userId) => jobs.sendInTransaction(tx, ETSY_SELLER_SALES_JOB, { userId }),
  })

  return { pollSeller, pollAll, refresh }
}
