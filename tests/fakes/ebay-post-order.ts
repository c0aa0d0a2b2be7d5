// The eBay stand-in's Post-Order API (issue 50): the cancellation search and the return search, as eBay's contracts
// (tests/contracts/ebay/cancellation_oas3.json, return_oas3.json) name their operations; the files give no schemas, so
// the query parameters and the replies follow eBay's method pages. Calls carry the seller's OAuth token as
// `Authorization: IAF <token>`, as Post-Order takes it, and answer busy, down or slowly with the other Sell APIs.
// A buyer's cancellation of an order (cancelOrder, ebay-sell.ts) is a closed cancellation here; a return is made by
// returnOrder: the item sent back and the buyer refunded, closed.
import { Hono, type Context } from 'hono'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { EBAY_OPENAPI_DIR } from './ebay-contracts.ts'
import { restError, type FakeOrder, type SellState } from './ebay-sell.ts'

const POST_ORDER = '/post-order/v2'
const FULFILLMENT_SCOPES = [
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment.readonly',
]

/** The paths eBay's contract has for an operation id (each file's `search`). */
function contractPath(file: string, operationId: string): string {
  const document = JSON.parse(readFileSync(path.join(EBAY_OPENAPI_DIR, file), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>
  }
  const found = Object.entries(document.paths).find(([, methods]) => methods.get?.operationId === operationId)
  if (!found) throw new Error(`${file} has no GET ${operationId}`)
  return `${POST_ORDER}${found[0]}`
}

// The search parameters each method page lists.
const CANCEL_PARAMETERS = [
  'creation_date_range_from',
  'creation_date_range_to',
  'legacy_order_id',
  'limit',
  'offset',
  'sort',
]
const RETURN_PARAMETERS = [
  'creation_date_range_from',
  'creation_date_range_to',
  'item_id',
  'limit',
  'offset',
  'order_id',
  'return_state',
  'role',
  'sort',
  'states',
  'transaction_id',
]

/** A return of an order's line: the buyer sent `quantity` back and was refunded `refund` dollars. */
export interface FakeReturn {
  returnId: string
  orderId: string
  itemId: string
  quantity: number
  refund: number
  creationDate: string
}

export type PostOrderState = SellState & { returns?: Map<string, FakeReturn[]> }

let nextReturnId = 5_000_000_000

/** The buyer returns `quantity` of the order's first line and is refunded; the return is closed at once. */
export function returnOrder(state: PostOrderState, seller: string, order: FakeOrder, quantity = 1, at = new Date()) {
  const line = order.lineItems[0]!
  const made: FakeReturn = {
    returnId: String(nextReturnId++),
    orderId: order.orderId,
    itemId: line.legacyItemId,
    quantity,
    refund: Number(line.lineItemCost.value) * (quantity / line.quantity),
    creationDate: at.toISOString(),
  }
  state.returns ??= new Map()
  state.returns.set(seller, [...(state.returns.get(seller) ?? []), made])
  return made
}

const amount = (value: number) => ({ value, currency: 'USD' })
const dated = (iso: string) => ({ value: iso, formattedValue: iso })

export function postOrderRoutes(
  state: PostOrderState,
  iaf: (presented: string) => { scopes: string[]; seller: string } | undefined,
) {
  function caller(c: Context, known: string[]) {
    const header = c.req.header('authorization') ?? ''
    const token = header.startsWith('IAF ') ? iaf(header.slice(4)) : undefined
    if (!token)
      return restError(c, 401, 1001, 'Invalid access token. Check the value of the Authorization HTTP request header.')
    if (!token.scopes.some((scope) => FULFILLMENT_SCOPES.includes(scope)))
      return restError(c, 403, 1100, 'Access denied. Insufficient permissions to fulfill the request.')
    const unknown = Object.keys(c.req.query()).filter((name) => !known.includes(name))
    if (unknown.length) return restError(c, 400, 1002, `Invalid query parameters ${unknown.join(', ')}.`)
    return token.seller
  }
  /** The window and page the search asked for. */
  const window = (c: Context) => ({
    from: c.req.query('creation_date_range_from') ?? '',
    to: c.req.query('creation_date_range_to') ?? '9999',
    limit: Number(c.req.query('limit') ?? 25),
    offset: Number(c.req.query('offset') ?? 0),
  })
  const page = <T>(all: T[], { limit, offset }: { limit: number; offset: number }) => ({
    items: all.slice(offset, offset + limit),
    paginationOutput: { limit, offset, totalEntries: all.length, totalPages: Math.ceil(all.length / limit) },
    total: all.length,
  })

  return new Hono()
    .use(`${POST_ORDER}/*`, async (c, next) => {
      if (state.mode === 'busy')
        return restError(c, 429, 2001, 'Too many requests. The request limit has been reached for the resource.')
      if (state.mode === 'down')
        return restError(c, 500, 25001, 'A system error has occurred. The service is down (stand-in).')
      if (state.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, state.slowMs))
      return next()
    })
    .get(contractPath('cancellation_oas3.json', 'search'), (c) => {
      const seller = caller(c, CANCEL_PARAMETERS)
      if (typeof seller !== 'string') return seller
      const asked = window(c)
      const cancelled = (state.orders.get(seller) ?? []).filter((order) => {
        const made = order.cancelStatus.cancelRequests[0]?.cancelRequestedDate
        return made !== undefined && made >= asked.from && made <= asked.to
      })
      const { items, ...pagination } = page(cancelled, asked)
      return c.json({
        cancellations: items.map((order) => {
          const request = order.cancelStatus.cancelRequests[0]!
          return {
            cancelId: request.cancelRequestId,
            marketplaceId: 'EBAY_US',
            legacyOrderId: order.orderId,
            requestorType: 'BUYER',
            cancelReason: request.cancelReason,
            cancelState: 'CLOSED',
            cancelStatus: 'CANCEL_CLOSED_WITH_REFUND',
            cancelCloseReason: 'CANCEL_CLOSED_WITH_REFUND',
            paymentStatus: 'PAID',
            requestRefundAmount: amount(Number(order.pricingSummary.total.value)),
            cancelRequestDate: dated(request.cancelRequestedDate),
            cancelCloseDate: dated(request.cancelCompletedDate),
          }
        }),
        ...pagination,
      })
    })
    .get(contractPath('return_oas3.json', 'search'), (c) => {
      const seller = caller(c, RETURN_PARAMETERS)
      if (typeof seller !== 'string') return seller
      const asked = window(c)
      const returns = (state.returns?.get(seller) ?? []).filter(
        (made) => made.creationDate >= asked.from && made.creationDate <= asked.to,
      )
      const { items, ...pagination } = page(returns, asked)
      return c.json({
        members: items.map((made) => ({
          returnId: made.returnId,
          orderId: made.orderId,
          buyerLoginName: 'buyer_stand_in',
          sellerLoginName: seller,
          currentType: 'MONEY_BACK',
          state: 'CLOSED',
          status: 'CLOSED',
          creationInfo: {
            item: { itemId: made.itemId, transactionId: '0', returnQuantity: made.quantity },
            type: 'MONEY_BACK',
            reason: 'NO_LONGER_NEED_ITEM',
            creationDate: dated(made.creationDate),
          },
          sellerTotalRefund: {
            estimatedRefundAmount: amount(made.refund),
            actualRefundAmount: amount(made.refund),
          },
        })),
        ...pagination,
      })
    })
}
