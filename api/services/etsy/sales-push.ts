// Etsy's order.paid webhook (docs/decisions/0050), beside the receipts poll that stays the backstop: Etsy posts
// { event_type, resource_url, shop_id } to /api/etsy/webhooks, signed with the app's webhook secret
// (webhook-signature.ts). A verified push only says which shop's receipt to read: the receipt itself is read from
// Etsy's API with that seller's token and applied once per transaction (receipts.ts), as the poll applies it, so a
// push delivered twice, or racing the poll, sells nothing twice.
import * as v from 'valibot'
import type { Sql } from '../../db/client.ts'
import { sellersOfAccount } from '../../db/marketplace-connections.ts'
import { AppError, badRequest } from '../../errors.ts'
import type { JobQueue } from '../jobs.ts'
import { ETSY_SELLER_SALES_JOB, type EtsySalesRead } from './sales.ts'
import { deliveryRefusal, type SignedDelivery } from './webhook-signature.ts'

// A paid order is a sale; a cancelled one gives its pieces back (issue 50): either way the receipt is read.
const RECEIPT_EVENTS = ['order.paid', 'order.canceled']
/** Where Etsy delivers: the address registered in Etsy's webhook portal is PUBLIC_URL followed by this. */
export const ETSY_WEBHOOK_PATH = '/api/etsy/webhooks'

// Etsy's documented payload; shop_id came as a number in deliveries and as text in the documentation.
const PushSchema = v.object({
  event_type: v.string(),
  shop_id: v.union([v.pipe(v.string(), v.regex(/^\d{1,20}$/)), v.pipe(v.number(), v.integer(), v.minValue(1))]),
  resource_url: v.optional(v.string()),
})
// resource_url names the receipt: https://api.etsy.com/v3/application/shops/{shop_id}/receipts/{receipt_id}.
const RECEIPT_PATH = /\/v3\/application\/shops\/(\d{1,20})\/receipts\/(\d{1,20})$/

/** The receipt the push is about, when its URL names one of the pushed shop (it is never fetched as given). */
function receiptOf(resourceUrl: string | undefined, shopId: string): number | undefined {
  const match = resourceUrl && URL.canParse(resourceUrl) ? RECEIPT_PATH.exec(new URL(resourceUrl).pathname) : null
  return match && match[1] === shopId ? Number(match[2]) : undefined
}

/** Etsy's pushes of the seller's receipts, each verified by its signature before anything is read. */
export interface EtsySalesPush {
  /** A push Etsy delivered: a receipt of a connected shop is read by a job; anything else is answered and dropped. */
  receive(delivery: SignedDelivery): Promise<void>
}

export function createEtsySalesPush({
  sql,
  jobs,
  secret,
}: {
  sql: Sql
  jobs: JobQueue
  secret: string
}): EtsySalesPush {
  /** Queues a read of the pushed receipt for each seller connected to the shop (none when it is nobody's here). */
  async function receive(delivery: SignedDelivery): Promise<void> {
    const refusal = deliveryRefusal(secret, delivery)
    if (refusal) throw new AppError(401, 'etsy_webhook_refused', `This Etsy webhook was refused: ${refusal}.`)
    let body: unknown
    try {
      body = JSON.parse(delivery.body)
    } catch {
      throw badRequest('The webhook body must be JSON.')
    }
    const parsed = v.safeParse(PushSchema, body)
    if (!parsed.success) throw badRequest('The webhook body must name its event_type and shop_id.')
    const push = parsed.output
    // Etsy may add events; only a paid or cancelled order changes a sale.
    if (!RECEIPT_EVENTS.includes(push.event_type)) return
    const shopId = String(push.shop_id)
    const receiptId = receiptOf(push.resource_url, shopId)
    for (const userId of await sellersOfAccount(sql, 'etsy', shopId)) {
      const read: EtsySalesRead = receiptId === undefined ? { userId } : { userId, receiptId }
      await jobs.send(ETSY_SELLER_SALES_JOB, read)
    }
  }

  return { receive }
}
