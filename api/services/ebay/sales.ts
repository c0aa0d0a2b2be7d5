// Learning of sales on eBay (docs/product.md §4, decision 0015): every 15 minutes each connected seller's orders are read
// with the Fulfillment API's getOrders, from where the last read started less 2 minutes (orders reach getOrders a
// little after they are made), matched by SKU to that seller's own listings only, and each order applied exactly once.
// A seller opening the Dashboard has theirs read at once (refresh), so a sale shows when they look, not minutes later.
import type { Sql } from '../../db/client.ts'
import { listWorkingGrants } from '../../db/marketplace-connections.ts'
import type { JobQueue } from '../jobs.ts'
import type { MarketplaceConnectionService } from '../marketplaces/connections.ts'
import { readSalesSince, unlessScopeLacks } from '../selling/sales-poll.ts'
import { salesRefresh } from '../selling/sales-refresh.ts'
import { OVERLAP_MS, type EbayOrders } from './orders.ts'
import type { EbayPostOrder } from './post-order.ts'
import type { EbayRevisions } from './revisions.ts'
import { EbayRefusal } from './sell-api.ts'

export const SALES_POLL_JOB = 'ebay-sales-poll'
export const SELLER_SALES_JOB = 'ebay-seller-sales'

/** One seller's read: from the last read on, or only the order a push named (order-push.ts), read again `rereads` times. */
export interface EbaySalesRead {
  userId: number
  orderId?: string
  rereads?: number
}

// A pushed order getOrders does not have yet (orders reach it a little after they are made) is read again 20 s later,
// then 40, 80 and 160 s: past that the poll finds it.
const REREAD_SECONDS = 20
const REREADS = 4

export interface EbaySalesDeps {
  sql: Sql
  jobs: JobQueue
  orders: EbayOrders
  /** The cancellations and returns, read with the orders (post-order.ts). */
  postOrder: EbayPostOrder
  connectionService: MarketplaceConnectionService
  revisions: EbayRevisions
  /** eBay's push of each sale, when this server can take it: its subscriptions are made on the poll's schedule. */
  orderPush?: { queueMissing(): Promise<void> } | undefined
}

/** A grant from before Snaplist asked to read orders: nothing to retry until the seller connects again. */
const lacksScope = (error: unknown) => error instanceof EbayRefusal && error.ebayStatus === 403

export interface EbaySales {
  /**
   * Reads the seller's orders since the last read (less the overlap), or the one order a push named, and applies those
   * not applied yet; returns how many.
   */
  pollSeller(read: EbaySalesRead): Promise<number>
  /**
   * Every 15 minutes (the job registry's schedule): one job per connected seller (a failure stays that seller's), the
   * revisions whose job was lost, and the push subscriptions not made yet.
   */
  pollAll(): Promise<void>
  /** The seller's Dashboard opened: their orders are read at once (selling/sales-refresh.ts). */
  refresh(userId: number): Promise<boolean>
}

export function createEbaySales({
  sql,
  jobs,
  orders,
  postOrder,
  connectionService,
  revisions,
  orderPush,
}: EbaySalesDeps): EbaySales {
  /** The order a push named, read with the seller's token and applied unless it was before; read again while missing. */
  async function readOrder(userId: number, orderId: string, rereads = 0): Promise<number> {
    const read = await unlessScopeLacks(lacksScope, () =>
      connectionService.call(userId, 'ebay', (token) => orders.applyOrders(token, userId, [orderId])),
    )
    if (!read) return 0
    if (read.missing.length > 0 && rereads < REREADS) {
      const again: EbaySalesRead = { userId, orderId, rereads: rereads + 1 }
      await jobs.send(SELLER_SALES_JOB, again, { startAfterSeconds: REREAD_SECONDS * 2 ** rereads })
    }
    return read.applied
  }

  const pollSeller = ({ userId, orderId, rereads }: EbaySalesRead): Promise<number> =>
    orderId !== undefined
      ? readOrder(userId, orderId, rereads)
      : readSalesSince({
          sql,
          userId,
          marketplace: 'ebay',
          overlapMs: OVERLAP_MS,
          applySince: (from) =>
            connectionService.call(userId, 'ebay', async (token) => {
              const read = await orders.applySince(token, userId, from)
              await postOrder.applySince(token, userId, from)
              return read.applied
            }),
          lacksScope,
        })

  async function pollAll(): Promise<void> {
    for (const { userId } of await listWorkingGrants(sql, 'ebay')) await jobs.send(SELLER_SALES_JOB, { userId })
    await revisions.resumeStalled()
    await orderPush?.queueMissing()
  }

  const refresh = salesRefresh({
    sql,
    platform: 'ebay',
    queueRead: (tx, userId) => jobs.sendInTransaction(tx, SELLER_SALES_JOB, { userId }),
  })

  return { pollSeller, pollAll, refresh }
}
