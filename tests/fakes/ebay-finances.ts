// What the eBay stand-in adds for the seller's books (issue 32): the Sell Finances API's getTransactions, on the same
// host as the others (eBay's is apiz), typed by eBay's own contract for it: the MIT package ebay-api ships TypeScript
// types generated from eBay's sell_finances_v1_oas3 (its query parameters, its required marketplace header, its
// Transaction), which check this stand-in's requests and replies at compile time. Each order the stand-in made has a
// SALE transaction: eBay's final value fee on every line (13.6% of the line and its shipping) and $0.40 on the order,
// FUNDS_PROCESSING until a test settles it; a test may also buy a shipping label for an order. A refund (the seller's,
// a cancellation's, a return's) is a REFUND transaction whose totalFeeAmount is the fees eBay credits back: the final
// value fee on what was refunded, and the per-order fee once the whole order is (issue 50).
import type { components, operations } from 'ebay-api/lib/types/restful/specs/sell_finances_v1_oas3.js'
import { Hono, type Context } from 'hono'
import { restError, type BearerToken, type FakeOrder, type SellState } from './ebay-sell.ts'

type Transaction = components['schemas']['Transaction']
type TransactionsReply = components['schemas']['Transactions']
type Query = NonNullable<operations['getTransactions']['parameters']['query']>

const FINANCES_SCOPE = 'https://api.ebay.com/oauth/api_scope/sell.finances'
const QUERY_PARAMETERS: readonly (keyof Query)[] = ['filter', 'limit', 'offset', 'sort']
// getTransactions' filters as eBay documents them (name:{value} or a date range); the stand-in answers orderId's.
const FILTERS = new Set([
  'orderId',
  'transactionType',
  'transactionStatus',
  'transactionDate',
  'buyerUsername',
  'salesRecordReference',
  'payoutId',
  'transactionId',
])
/** eBay's final value fee for most categories, and its fixed part per order. */
const FINAL_VALUE_RATE = 0.136
const PER_ORDER_FEE = 0.4

/** What the stand-in keeps of an order's money: its status on eBay's side, and labels bought for it. */
export interface OrderFinances {
  status: 'FUNDS_PROCESSING' | 'FUNDS_AVAILABLE_FOR_PAYOUT' | 'PAYOUT'
  labels: number[]
  /** Refunds the seller gave the buyer, in dollars: a REFUND transaction each. */
  refunds: number[]
}

const amount = (value: number) => ({ value: value.toFixed(2), currency: 'USD' })
const round = (value: number) => Math.round(value * 100) / 100

function financesOf(state: SellState, orderId: string): OrderFinances {
  const held = state.finances.get(orderId)
  if (held) return held
  const fresh: OrderFinances = { status: 'FUNDS_PROCESSING', labels: [], refunds: [] }
  state.finances.set(orderId, fresh)
  return fresh
}

/** The order's transactions as getTransactions answers them: its SALE, and a SHIPPING_LABEL per label. */
function transactionsOf(state: SellState, order: FakeOrder): Transaction[] {
  const { status, labels, refunds } = financesOf(state, order.orderId)
  const lines = order.lineItems.map((line, index) => {
    const shipping = Number(line.deliveryCost.shippingCost.value)
    const basis = Number(line.lineItemCost.value) + shipping
    const fees = [{ feeType: 'FINAL_VALUE_FEE', amount: amount(round(basis * FINAL_VALUE_RATE)) }]
    if (index === 0) fees.push({ feeType: 'FINAL_VALUE_FEE_FIXED_PER_ORDER', amount: amount(PER_ORDER_FEE) })
    return { lineItemId: line.lineItemId, feeBasisAmount: amount(basis), marketplaceFees: fees }
  })
  const totalFee = lines.flatMap((line) => line.marketplaceFees).reduce((sum, fee) => sum + Number(fee.amount.value), 0)
  const sale: Transaction = {
    transactionId: `${order.orderId}-sale`,
    transactionType: 'SALE',
    transactionStatus: status,
    transactionDate: order.creationDate,
    bookingEntry: 'CREDIT',
    orderId: order.orderId,
    amount: amount(Number(order.pricingSummary.total.value) - totalFee),
    totalFeeAmount: amount(round(totalFee)),
    orderLineItems: lines,
  }
  const bought = labels.map((cost, index): Transaction => ({
    transactionId: `${order.orderId}-label-${index}`,
    transactionType: 'SHIPPING_LABEL',
    transactionStatus: status,
    transactionDate: order.creationDate,
    bookingEntry: 'DEBIT',
    orderId: order.orderId,
    amount: amount(cost),
  }))
  const total = Number(order.pricingSummary.total.value)
  let refundedSoFar = 0
  const refunded = refunds.map((refund, index): Transaction => {
    refundedSoFar += refund
    const whole = refundedSoFar >= total && refundedSoFar - refund < total
    return {
      transactionId: `${order.orderId}-refund-${index}`,
      transactionType: 'REFUND',
      transactionStatus: status,
      transactionDate: order.creationDate,
      bookingEntry: 'DEBIT',
      orderId: order.orderId,
      amount: amount(refund),
      totalFeeAmount: amount(round(refund * FINAL_VALUE_RATE + (whole ? PER_ORDER_FEE : 0))),
    }
  })
  return [sale, ...bought, ...refunded]
}

/** orderId:{…} from a filter like `orderId:{12-34567-89012},transactionType:{SALE}`; null when a filter is not eBay's. */
function orderFilter(filter: string | undefined): string | undefined | null {
  if (filter === undefined) return undefined
  let orderId: string | undefined
  for (const part of filter.split(/,(?![^{[]*[}\]])/)) {
    const match = /^(\w+):[{[](.*)[}\]]$/.exec(part.trim())
    if (!match || !FILTERS.has(match[1]!)) return null
    if (match[1] === 'orderId') orderId = match[2]
  }
  return orderId
}

/** Settles an order on eBay's side: its fees are final. */
export function settleOrder(state: SellState, orderId: string) {
  financesOf(state, orderId).status = 'PAYOUT'
}

/** The seller buys a shipping label on eBay for the order. */
export function buyLabel(state: SellState, orderId: string, cost: number) {
  financesOf(state, orderId).labels.push(cost)
}

/** The seller refunds the buyer of the order some or all of what they paid. */
export function refundOrder(state: SellState, orderId: string, dollars: number) {
  financesOf(state, orderId).refunds.push(dollars)
}

export function financesRoutes(state: SellState, bearer: BearerToken) {
  function refused(c: Context): Response | undefined {
    const token = bearer(c)
    if (!token)
      return restError(c, 401, 1001, 'Invalid access token. Check the value of the Authorization HTTP request header.')
    if (!token.scopes.includes(FINANCES_SCOPE))
      return restError(c, 403, 1100, 'Access denied. Insufficient permissions to fulfill the request.')
    // Required by the contract (operations.getTransactions' header).
    if (!c.req.header('x-ebay-c-marketplace-id'))
      return restError(c, 400, 135002, 'The X-EBAY-C-MARKETPLACE-ID header is missing or invalid.')
    const unknown = Object.keys(c.req.query()).filter((name) => !QUERY_PARAMETERS.includes(name as keyof Query))
    if (unknown.length) return restError(c, 400, 135001, `Invalid query parameters ${unknown.join(', ')}.`)
    return undefined
  }

  return (
    new Hono()
      .get('/sell/finances/v1/transaction', (c) => {
        const problem = refused(c)
        if (problem) return problem
        const orderId = orderFilter(c.req.query('filter'))
        if (orderId === null) return restError(c, 400, 135001, `Invalid filter: ${c.req.query('filter')}`)
        const limit = Number(c.req.query('limit') ?? 20)
        const offset = Number(c.req.query('offset') ?? 0)
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
          return restError(c, 400, 135001, `Invalid limit: ${c.req.query('limit')}`)
        const seller = bearer(c)!.seller
        const all = (state.orders.get(seller) ?? [])
          .filter((order) => orderId === undefined || order.orderId === orderId)
          .flatMap((order) => transactionsOf(state, order))
        const reply: TransactionsReply = {
          href: c.req.url,
          limit,
          offset,
          total: all.length,
          transactions: all.slice(offset, offset + limit),
        }
        return c.json(reply)
      })
      // A test's way to settle an order or buy its label: {"orderId", "settle": true, "label": 7.65}.
      .post('/__control/finances', async (c) => {
        const {
          orderId = '',
          settle,
          label,
        } = (await c.req.json().catch(() => ({}))) as {
          orderId?: string
          settle?: boolean
          label?: number
        }
        if (settle) settleOrder(state, orderId)
        if (label !== undefined) buyLabel(state, orderId, label)
        return c.json(state.finances.get(orderId) ?? null)
      })
  )
}
