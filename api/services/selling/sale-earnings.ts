// Reading what each sale earned (issue 32, docs/decisions/0042): every sale on a marketplace queues a job, in the
// sale's own transaction, that asks the marketplace for its order's fees and label (SellingMarketplace.readEarnings)
// and keeps them; while the marketplace's figures can still change (until the funds are available for payout, or the
// order ships, as the marketplace says) the job comes back a day later, for at most MOST_READS days. A seller whose connection
// lacks the scope, or has lapsed, keeps the estimate: the marketplace's refusal ends the job, it is not retried. A
// cancellation or a return reads the order once more at once (decision 0072): the refund and the fees credited back.
import type { SoldOn } from '../../contract/listing.ts'
import type { Sql, Tx } from '../../db/client.ts'
import { salesOfOrder, storeEarnings } from '../../db/marketplace-sales.ts'
import type { JobQueue } from '../jobs.ts'
import { isRefusal, type SellingMarketplaces } from './marketplace.ts'

export const SALE_EARNINGS_JOB = 'sale-earnings'

/** A day between reads while the figures can change, for at most this many reads. */
const READ_AGAIN_SECONDS = 24 * 60 * 60
const MOST_READS = 45

export interface SaleEarningsJob {
  userId: number
  marketplace: Exclude<SoldOn, 'elsewhere'>
  orderId: string
  /** Reads made before this one. */
  reads?: number
  /** A read after pieces came back (readEarningsAgain): made once, the daily reads go on as they were. */
  again?: boolean
}

/** Queues reading the order's earnings now, in `tx`: pieces of it came back, refunded, their fees maybe credited. */
export async function readEarningsAgain(
  tx: Tx,
  jobs: JobQueue,
  userId: number,
  marketplace: SoldOn,
  orderId: string | null,
): Promise<void> {
  if (marketplace === 'elsewhere' || orderId === null) return
  const job: SaleEarningsJob = { userId, marketplace, orderId, again: true }
  await jobs.sendInTransaction(tx, SALE_EARNINGS_JOB, job)
}

export function createSaleEarningsReader({
  sql,
  jobs,
  marketplaces,
}: {
  sql: Sql
  jobs: JobQueue
  marketplaces: SellingMarketplaces
}) {
  return async function readSaleEarnings(job: SaleEarningsJob): Promise<void> {
    const { userId, marketplace, orderId, reads = 0 } = job
    const selling = marketplaces.find((each) => each.id === marketplace)
    const sales = await salesOfOrder(sql, userId, marketplace, orderId)
    if (!selling || sales.length === 0) return
    let earnings
    try {
      earnings = await selling.readEarnings(userId, orderId, sales)
    } catch (error) {
      if (!isRefusal(error)) throw error
      console.warn(
        `[sale-earnings] ${marketplace} refused reading an order's fees (${error.code}); the estimate stays.`,
      )
      return
    }
    if (earnings) {
      const state = earnings.settled ? 'settled' : 'read'
      await sql.begin(async (tx) => {
        for (const [saleId, read] of earnings.bySale) await storeEarnings(tx, marketplace, saleId, read, state)
      })
    }
    if (!earnings?.settled && !job.again && reads + 1 < MOST_READS)
      await jobs.send(SALE_EARNINGS_JOB, { ...job, reads: reads + 1 }, { startAfterSeconds: READ_AGAIN_SECONDS })
  }
}
