// eBay's Post-Order API (issue 50, docs/decisions/0070), read with each sales poll beside getOrders: the cancellation
// search (a buyer's or seller's cancellation, closed: its order's sales are put back, as an order whose cancelStatus
// became CANCELED is) and the return search (closed with the buyer refunded: kept for the seller to say whether the
// piece is sellable, since a returned piece may be damaged). Post-Order takes the seller's OAuth token as
// `Authorization: IAF`, and searches by when the cancellation or return was made, so each read looks back further
// than the poll's window: a request made before the last read and closed since is found. Both are applied once
// whatever reads them again (the sale's marks).
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import { uncancelledSalesOfOrder } from '../../db/sales-given-back.ts'
import type { SaleRecorder } from '../selling/sales.ts'
import { readReply, type EbaySellClient } from './sell-api.ts'

const POST_ORDER = '/post-order/v2'
/** A cancellation request closes within days (the seller has 3 to answer); a return within weeks. */
const CANCELLATIONS_BACK_MS = 7 * 24 * 60 * 60 * 1000
const RETURNS_BACK_MS = 45 * 24 * 60 * 60 * 1000
const PAGE_SIZE = 50

const Pagination = { total: v.optional(v.number(), 0) }
const CancellationsSchema = v.object({
  ...Pagination,
  cancellations: v.optional(
    v.array(
      v.object({
        legacyOrderId: v.string(),
        cancelState: v.optional(v.string()),
        cancelStatus: v.optional(v.string()),
      }),
    ),
    [],
  ),
})
const AmountSchema = v.object({ value: v.union([v.number(), v.string()]) })
const ReturnsSchema = v.object({
  ...Pagination,
  members: v.optional(
    v.array(
      v.object({
        orderId: v.optional(v.string()),
        state: v.optional(v.string()),
        creationInfo: v.optional(v.object({ item: v.optional(v.object({ returnQuantity: v.optional(v.number()) })) })),
        sellerTotalRefund: v.optional(v.object({ actualRefundAmount: v.optional(AmountSchema) })),
      }),
    ),
    [],
  ),
})

/** A cancellation eBay carried out (not one asked and refused, nor one still open). */
const isDone = (cancellation: { cancelState?: string; cancelStatus?: string }) =>
  cancellation.cancelState === 'CLOSED' && (cancellation.cancelStatus ?? '').startsWith('CANCEL_CLOSED')

/** eBay's Post-Order searches: cancellations and returns of the seller's orders. */
export interface EbayPostOrder {
  /** Reads the cancellations and returns eBay made around `from` and applies what is new; answers how many. */
  applySince(token: string, userId: number, from: Date): Promise<number>
}

export function createEbayPostOrder({
  sql,
  sell,
  recorder,
}: {
  sql: Sql
  sell: EbaySellClient
  recorder: SaleRecorder
}): EbayPostOrder {
  /** Every page of a search made since `from`. */
  async function search<Schema extends typeof CancellationsSchema | typeof ReturnsSchema>(
    token: string,
    path: string,
    schema: Schema,
    from: Date,
    each: (page: v.InferOutput<Schema>) => Promise<number>,
  ) {
    for (let offset = 0; ; offset += PAGE_SIZE) {
      const query = new URLSearchParams({
        creation_date_range_from: from.toISOString(),
        limit: String(PAGE_SIZE),
        offset: String(offset),
      })
      const page = readReply(schema, await sell.send(token, { method: 'GET', path: `${path}?${query}`, iaf: true }))
      if ((await each(page)) < PAGE_SIZE || offset + PAGE_SIZE >= page.total) return
    }
  }

  /** Reads the cancellations and returns eBay made around `from` and applies what is new; answers how many it queued. */
  async function applySince(token: string, userId: number, from: Date): Promise<number> {
    let found = 0
    const since = (back: number) => new Date(from.getTime() - back)
    await search(
      token,
      `${POST_ORDER}/cancellation/search`,
      CancellationsSchema,
      since(CANCELLATIONS_BACK_MS),
      async (page) => {
        for (const cancellation of page.cancellations.filter(isDone))
          found += await sql.begin((tx) => recorder.cancelOrder(tx, userId, 'ebay', cancellation.legacyOrderId))
        return page.cancellations.length
      },
    )
    await search(token, `${POST_ORDER}/return/search`, ReturnsSchema, since(RETURNS_BACK_MS), async (page) => {
      for (const made of page.members) {
        const refunded = Number(made.sellerTotalRefund?.actualRefundAmount?.value ?? 0)
        if (made.state !== 'CLOSED' || !(refunded > 0) || !made.orderId) continue
        // Snaplist's eBay orders are one line each, mostly: the return is of the order's first sale still counted.
        const [sale] = await uncancelledSalesOfOrder(sql, userId, 'ebay', made.orderId)
        if (!sale) continue
        const pieces = made.creationInfo?.item?.returnQuantity ?? sale.quantity
        if (await sql.begin((tx) => recorder.returned(tx, userId, 'ebay', sale.saleId, pieces))) found += 1
      }
      return page.members.length
    })
    return found
  }

  return { applySince }
}
