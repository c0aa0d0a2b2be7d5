// Learning of sales on Shopify (decision 0074): every SHOPIFY_SALES_POLL_MINUTES (15 unless set) each connected
// store's orders updated since the last read started, less the overlap, are read, and each line applied once
// (orders.ts); a pushed ORDERS_PAID reads the one order it names at once. The revisions whose job was lost are queued
// again, and the pushes taken long ago forgotten, on the way.
import type { Sql } from '../../db/client.ts'
import * as connections from '../../db/marketplace-connections.ts'
import { forgetDeliveries } from '../../db/push-deliveries.ts'
import { AppError } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { readSalesSince, unlessScopeLacks } from '../selling/sales-poll.ts'
import { salesRefresh } from '../selling/sales-refresh.ts'
import { SHOPIFY_OVERLAP_MS, type ShopifyOrders } from './orders.ts'
import type { ShopifyRevisions } from './revisions.ts'
import type { ShopifyStoreAccess } from './store-access.ts'

export const SHOPIFY_SALES_POLL_JOB = 'shopify-sales-poll'
export const SHOPIFY_SELLER_SALES_JOB = 'shopify-seller-sales'
/** Shopify retries a delivery for 4 hours: a day later its id is no longer worth keeping. */
const DELIVERIES_KEPT_DAYS = 2

/** One seller's read: from the last read on, or only the order a push named (its gid). */
export interface ShopifySalesRead {
  userId: number
  orderId?: string
}

/** A connection without read_orders: nothing to retry until the seller connects again. */
const lacksScope = (error: unknown) => error instanceof AppError && error.code === 'shopify_reconnect_needed'

export interface ShopifySales {
  pollSeller(read: ShopifySalesRead): Promise<number>
  pollAll(): Promise<void>
  refresh(userId: number): Promise<boolean>
}

export function createShopifySales(deps: {
  sql: Sql
  jobs: JobQueue
  orders: ShopifyOrders
  revisions: ShopifyRevisions
  access: ShopifyStoreAccess
}): ShopifySales {
  const { sql, jobs, orders, revisions, access } = deps

  async function pollSeller({ userId, orderId }: ShopifySalesRead): Promise<number> {
    if (!(await connections.findConnection(sql, userId, 'shopify'))) return 0
    if (orderId !== undefined)
      return (
        (await unlessScopeLacks(lacksScope, () =>
          access(userId, (store) => orders.applyOne(store, userId, orderId)),
        )) ?? 0
      )
    return readSalesSince({
      sql,
      userId,
      marketplace: 'shopify',
      overlapMs: SHOPIFY_OVERLAP_MS,
      applySince: (from) => access(userId, (store) => orders.applySince(store, userId, from)),
      lacksScope,
    })
  }

  async function pollAll(): Promise<void> {
    for (const { userId } of await connections.listWorkingGrants(sql, 'shopify'))
      await jobs.send(SHOPIFY_SELLER_SALES_JOB, { userId })
    await revisions.resumeStalled()
    await forgetDeliveries(sql, 'shopify', DELIVERIES_KEPT_DAYS)
  }

  const refresh = salesRefresh({
    sql,
    platform: 'shopify',
    queueRead: (tx, userId) => jobs.sendInTransaction(tx, SHOPIFY_SELLER_SALES_JOB, { userId }),
  })

  return { pollSeller, pollAll, refresh }
}
