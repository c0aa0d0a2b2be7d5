// The Etsy stand-in's sales: a buyer buys from an active listing (a receipt with one transaction, paid at once, the
// listing's quantity lowered and, at 0, its state sold_out as Etsy does), and getShopReceipts answers them as Etsy's
// contract shapes them (ShopReceipts, ShopReceipt, ShopReceiptTransaction), filtered by min_created, min_last_modified and was_paid, at most
// 100 a page, or one by one with getShopReceipt. The listing's inventory is read back with getListingInventory. A
// receipt can be cancelled or refunded in full or in part (issue 50): its status, one of the contract's, and its
// refunds (ShopRefund) change, and so does when it last changed.
import { Hono, type Context } from 'hono'
import { etsyDocument } from './etsy-contracts.ts'
import type { EtsyOperation } from './etsy-gate.ts'
import type { FakeEtsyListing, FakeEtsyShop } from './etsy-shop.ts'

export interface FakeEtsyReceipt {
  receipt_id: number
  created_timestamp: number
  /** When it last changed: made, paid or shipped. */
  updated_timestamp: number
  /** The buyer has paid (most pay at checkout; some pay later, which changes the receipt). */
  paid: boolean
  buyer_user_id: number
  transaction: {
    transaction_id: number
    listing_id: number
    sku: string | null
    title: string
    quantity: number
    price: number
    /** What the buyer paid to ship it. */
    shipping: number
  }
  /** The seller marked it shipped: Etsy posts the payment to the ledger then (etsy-payments.ts). */
  shipped: boolean
  /** The sales tax Etsy collected from the buyer (and pays over itself), in dollars. */
  tax?: number
  /** What the seller refunded the buyer, in dollars: the payment's adjusted gross is lower by it. */
  refunded?: number
  /** Cancelled or refunded (cancelReceipt, refundReceipt): the receipt's status says so in place of paid. */
  status?: ReceiptStatus
  /** Each refund, in dollars, when it was made (epoch seconds). */
  refunds?: { amount: number; at: number }[]
}

/** The statuses a receipt can have, as Etsy's contract lists them (ShopReceipt.status). */
const RECEIPT_STATUSES = etsyDocument().components.schemas.ShopReceipt!.properties!.status!.enum!
type ReceiptStatus = 'canceled' | 'fully refunded' | 'partially refunded'

function changeReceipt(shop: FakeEtsyShop, receiptId: number, status: ReceiptStatus, refund: number, at: number) {
  if (!RECEIPT_STATUSES.includes(status)) throw new Error(`Etsy's contract has no receipt status ${status}`)
  const receipt = shop.receipts.find((each) => each.receipt_id === receiptId)
  if (!receipt) throw new Error(`no Etsy receipt ${receiptId}`)
  receipt.status = status
  receipt.refunds = [...(receipt.refunds ?? []), { amount: refund, at: Math.floor(at / 1000) }]
  receipt.refunded = (receipt.refunded ?? 0) + refund
  receipt.updated_timestamp = Math.floor(at / 1000)
  return receipt
}

const totalOf = (receipt: FakeEtsyReceipt) =>
  receipt.transaction.price * receipt.transaction.quantity + receipt.transaction.shipping

/**
 * The seller (or Etsy) cancels the order: the receipt canceled and the buyer refunded what was not refunded yet. Etsy
 * gives the listing no piece back (the seller's app sets the count).
 */
export function cancelReceipt(shop: FakeEtsyShop, receiptId: number, at = Date.now()) {
  const receipt = shop.receipts.find((each) => each.receipt_id === receiptId)!
  return changeReceipt(shop, receiptId, 'canceled', totalOf(receipt) - (receipt.refunded ?? 0), at)
}

/** The seller refunds `dollars` of the receipt: fully refunded once the refunds reach what the buyer paid. */
export function refundReceipt(shop: FakeEtsyShop, receiptId: number, dollars: number, at = Date.now()) {
  const receipt = shop.receipts.find((each) => each.receipt_id === receiptId)
  if (!receipt) throw new Error(`no Etsy receipt ${receiptId}`)
  const whole = (receipt.refunded ?? 0) + dollars >= totalOf(receipt)
  return changeReceipt(shop, receiptId, whole ? 'fully refunded' : 'partially refunded', dollars, at)
}

export const money = (dollars: number) => ({ amount: Math.round(dollars * 100), divisor: 100, currency_code: 'USD' })

let nextReceiptId = 3_100_000_000
let nextTransactionId = 4_100_000_000

/**
 * A buyer buys `quantity` of an active listing at its price: the receipt Etsy makes, the listing lowered; paid at once
 * unless `paid` is false (payReceipt pays it later).
 */
export function sellOnEtsy(
  shop: FakeEtsyShop,
  listing: FakeEtsyListing,
  quantity = 1,
  at = Date.now(),
  shipping = 0,
  paid = true,
) {
  if (listing.state !== 'active')
    throw new Error(`Etsy listing ${listing.listing_id} is ${listing.state}, not for sale`)
  if (listing.quantity < quantity)
    throw new Error(`Etsy listing ${listing.listing_id} has only ${listing.quantity} left`)
  listing.quantity -= quantity
  if (listing.quantity === 0) listing.state = 'sold_out'
  const receipt: FakeEtsyReceipt = {
    receipt_id: nextReceiptId++,
    created_timestamp: Math.floor(at / 1000),
    updated_timestamp: Math.floor(at / 1000),
    paid,
    buyer_user_id: 900_000 + Math.floor(Math.random() * 99_999),
    transaction: {
      transaction_id: nextTransactionId++,
      listing_id: listing.listing_id,
      sku: listing.sku,
      title: listing.title,
      quantity,
      price: listing.price,
      shipping,
    },
    shipped: false,
  }
  shop.receipts.push(receipt)
  return receipt
}

/** The buyer pays a receipt made unpaid: it changes now. */
export function payReceipt(shop: FakeEtsyShop, receiptId: number, at = Date.now()): FakeEtsyReceipt {
  const receipt = shop.receipts.find((each) => each.receipt_id === receiptId)
  if (!receipt) throw new Error(`no Etsy receipt ${receiptId}`)
  receipt.paid = true
  receipt.updated_timestamp = Math.floor(at / 1000)
  return receipt
}

/** A receipt as getShopReceipts answers it. */
const shopReceipt = (shopId: number, sellerUserId: number, receipt: FakeEtsyReceipt) => {
  const { transaction: line } = receipt
  const time = receipt.created_timestamp
  return {
    receipt_id: receipt.receipt_id,
    receipt_type: 0,
    seller_user_id: sellerUserId,
    buyer_user_id: receipt.buyer_user_id,
    status: receipt.status ?? (receipt.paid ? 'paid' : 'open'),
    is_paid: receipt.paid,
    is_shipped: receipt.shipped,
    create_timestamp: time,
    created_timestamp: time,
    update_timestamp: receipt.updated_timestamp,
    updated_timestamp: receipt.updated_timestamp,
    grandtotal: money(line.price * line.quantity + line.shipping + (receipt.tax ?? 0)),
    total_tax_cost: money(receipt.tax ?? 0),
    total_shipping_cost: money(line.shipping),
    subtotal: money(line.price * line.quantity),
    shop_id: shopId,
    transactions: [
      {
        transaction_id: line.transaction_id,
        title: line.title,
        seller_user_id: sellerUserId,
        buyer_user_id: receipt.buyer_user_id,
        create_timestamp: time,
        created_timestamp: time,
        paid_timestamp: time,
        quantity: line.quantity,
        receipt_id: receipt.receipt_id,
        listing_id: line.listing_id,
        sku: line.sku ?? '',
        price: money(line.price),
        shipping_cost: money(line.shipping),
      },
    ],
    refunds: (receipt.refunds ?? []).map((refund) => ({
      amount: money(refund.amount),
      created_timestamp: refund.at,
      reason: null,
      note_from_issuer: null,
      status: null,
    })),
  }
}

export interface ReceiptRoutesDeps {
  operation: EtsyOperation
  shop: FakeEtsyShop
  seller: () => { userId: number; shopId: number | null }
}

export function etsyReceiptRoutes({ operation, shop, seller }: ReceiptRoutesDeps) {
  const notFound = (c: Context, what: string) => c.json({ error: `${what} not found` }, 404)
  return new Hono()
    .get(
      '/v3/application/shops/:shop_id/receipts',
      operation('getShopReceipts', (c) => {
        const { shopId, userId } = seller()
        if (Number(c.req.param('shop_id')) !== shopId) return notFound(c, 'Shop')
        const minCreated = Number(c.req.query('min_created') ?? 0)
        const minModified = Number(c.req.query('min_last_modified') ?? 0)
        const wasPaid = c.req.query('was_paid')
        const limit = Number(c.req.query('limit') ?? 25)
        const offset = Number(c.req.query('offset') ?? 0)
        const ascending = ['asc', 'ascending', 'up'].includes(c.req.query('sort_order') ?? 'desc')
        const key = (receipt: FakeEtsyReceipt) =>
          ({ created: receipt.created_timestamp, updated: receipt.updated_timestamp, receipt_id: receipt.receipt_id })[
            (c.req.query('sort_on') ?? 'created') as 'created' | 'updated' | 'receipt_id'
          ]
        const matching = shop.receipts
          .filter(
            (receipt) =>
              receipt.created_timestamp >= minCreated &&
              receipt.updated_timestamp >= minModified &&
              (wasPaid === undefined || receipt.paid === (wasPaid === 'true')),
          )
          .sort((a, b) => (ascending ? 1 : -1) * (key(a) - key(b) || a.receipt_id - b.receipt_id))
        return c.json({
          count: matching.length,
          results: matching.slice(offset, offset + limit).map((receipt) => shopReceipt(shopId!, userId, receipt)),
        })
      }),
    )
    .get(
      '/v3/application/shops/:shop_id/receipts/:receipt_id',
      operation('getShopReceipt', (c) => {
        const { shopId, userId } = seller()
        if (Number(c.req.param('shop_id')) !== shopId) return notFound(c, 'Shop')
        const receipt = shop.receipts.find((each) => each.receipt_id === Number(c.req.param('receipt_id')))
        if (!receipt) return notFound(c, 'Receipt')
        return c.json(shopReceipt(shopId!, userId, receipt))
      }),
    )
    .get(
      '/v3/application/listings/:listing_id/inventory',
      operation('getListingInventory', (c) => {
        const listing = shop.listings.get(Number(c.req.param('listing_id')))
        if (!listing) return notFound(c, 'Listing')
        return c.json({
          products: [
            {
              product_id: listing.listing_id * 10,
              sku: listing.sku ?? '',
              is_deleted: false,
              offerings: [
                {
                  offering_id: listing.listing_id * 10 + 1,
                  quantity: listing.quantity,
                  is_enabled: true,
                  is_deleted: false,
                  price: money(listing.price),
                  readiness_state_id: listing.readiness_state_id,
                },
              ],
              property_values: [],
            },
          ],
          price_on_property: [],
          quantity_on_property: [],
          sku_on_property: [],
        })
      }),
    )
}
